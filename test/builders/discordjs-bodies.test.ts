/**
 * Issue 30: "discord.js builders' `toJSON()` output is accepted everywhere a body
 * is". The components, embeds and modals of @discordjs/builders (v1.15), made as
 * their users make them, go through `reply`, `validateInteractionResponse` (callbacks 4, 7 and 9)
 * and `validateWebhookMessage` unchanged and valid; and a body of theirs past a
 * public limit is refused by the same rules, with the code and path of a body
 * written by hand (OpenAPI `ButtonComponentForMessageRequest.label` maxLength 80).
 */
import {
  ActionRowBuilder,
  ButtonBuilder,
  ContainerBuilder,
  EmbedBuilder,
  LabelBuilder,
  ModalBuilder,
  SectionBuilder,
  SeparatorBuilder,
  StringSelectMenuBuilder,
  StringSelectMenuOptionBuilder,
  TextDisplayBuilder,
  TextInputBuilder,
  ThumbnailBuilder,
  UserSelectMenuBuilder,
} from '@discordjs/builders'
import { ButtonStyle, MessageFlags, TextInputStyle } from 'discord-api-types/v10'
import { describe, expect, it } from 'vitest'
import { reply, validateInteractionResponse, validateWebhookMessage } from '../../src/index.js'

const plain = <T>(v: T): T => JSON.parse(JSON.stringify(v)) as T

const embed = new EmbedBuilder()
  .setTitle('Lunch poll')
  .setDescription('One vote each')
  .setColor(0x5865f2)
  .addFields({ name: 'Closes', value: 'at noon', inline: true })
  .setFooter({ text: 'Results at 12:05' })
  .setAuthor({ name: 'Poll bot', iconURL: 'https://example.com/bot.png' })
  .setTimestamp(0)
  .setImage('attachment://chart.png')
const buttons = new ActionRowBuilder<ButtonBuilder>().addComponents(
  new ButtonBuilder().setCustomId('vote:pizza').setLabel('Pizza').setStyle(ButtonStyle.Success).setEmoji({ name: '🍕' }),
  new ButtonBuilder().setCustomId('vote:sushi').setLabel('Sushi').setStyle(ButtonStyle.Secondary),
  new ButtonBuilder().setURL('https://example.com/menu').setLabel('Menu').setStyle(ButtonStyle.Link),
)
const select = new ActionRowBuilder<StringSelectMenuBuilder>().addComponents(
  new StringSelectMenuBuilder()
    .setCustomId('side')
    .setPlaceholder('A side')
    .setMaxValues(2)
    .addOptions(new StringSelectMenuOptionBuilder().setLabel('Fries').setValue('fries'), new StringSelectMenuOptionBuilder().setLabel('Soup').setValue('soup')),
)
const users = new ActionRowBuilder<UserSelectMenuBuilder>().addComponents(new UserSelectMenuBuilder().setCustomId('invite').setMaxValues(5))

describe("@discordjs/builders' toJSON() wherever a body is (issue 30)", () => {
  it('a message with their embed and rows: reply, the update and follow-ups take it unchanged, and it validates', () => {
    const data = { content: 'Lunch?', embeds: [embed.toJSON()], components: [buttons.toJSON(), select.toJSON(), users.toJSON()], attachments: [{ id: 0, filename: 'chart.png' }] }
    const answer = reply(plain(data))
    expect(answer.data).toEqual(data)
    expect(validateInteractionResponse(answer)).toMatchObject({ ok: true })
    // The update of the message a component is on (callback 7).
    expect(validateInteractionResponse({ type: 7, data: plain(data) })).toMatchObject({ ok: true })
    for (const kind of ['create', 'follow-up', 'edit'] as const) expect(validateWebhookMessage(plain(data), kind), kind).toMatchObject({ ok: true })
  })

  it('a layout message (IS_COMPONENTS_V2) of their container, section, thumbnail, separator and text displays', () => {
    const container = new ContainerBuilder()
      .setAccentColor(0x5865f2)
      .addTextDisplayComponents(new TextDisplayBuilder().setContent('# Lunch'))
      .addSectionComponents(
        new SectionBuilder()
          .addTextDisplayComponents(new TextDisplayBuilder().setContent('Pizza, sushi or salad'))
          .setThumbnailAccessory(new ThumbnailBuilder().setURL('https://example.com/lunch.png')),
      )
      .addSeparatorComponents(new SeparatorBuilder())
      .addActionRowComponents(buttons)
    const body = { flags: MessageFlags.IsComponentsV2, components: [container.toJSON()] }
    expect(validateWebhookMessage(plain(body))).toMatchObject({ ok: true })
    expect(validateInteractionResponse(reply(plain(body)))).toMatchObject({ ok: true })
  })

  it('their modal, with a label around a text input, is a valid callback 9', () => {
    const form = new ModalBuilder()
      .setCustomId('report')
      .setTitle('Report a message')
      .addLabelComponents(new LabelBuilder().setLabel('Why?').setTextInputComponent(new TextInputBuilder().setCustomId('why').setStyle(TextInputStyle.Paragraph)))
    expect(validateInteractionResponse({ type: 9, data: plain(form.toJSON()) })).toMatchObject({ ok: true })
  })

  it('their output past a public limit is refused with the same code and path as a body written by hand', () => {
    // @discordjs/builders' toJSON() checks the label too; the JSON it was given is what a peer without checks sends.
    const row = buttons.toJSON()
    const long = { ...row, components: [{ ...row.components[0], label: 'x'.repeat(81) }] }
    const issues = validateInteractionResponse(reply({ components: [long] })).issues ?? []
    expect(issues.map((i) => [i.code, i.path])).toEqual([['string.length', ['data', 'components', 0, 'components', 0, 'label']]])
  })
})
