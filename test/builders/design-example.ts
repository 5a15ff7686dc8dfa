/**
 * The payloads of the DESIGN.md example (`ban`, `config`), written by hand from the
 * spec ("Create body (global)", "Command option", "Option choice"). Shared by the
 * builder tests and the README test (the README's `ban` is the same; its `config`
 * is this one without the `role` group).
 */
export const BAN_JSON = {
  type: 1,
  name: 'ban',
  description: 'Ban a member',
  name_localizations: { 'es-ES': 'banear' },
  description_localizations: { 'es-ES': 'Banear a un miembro' },
  options: [
    { type: 6, name: 'target', description: 'Who to ban', required: true },
    { type: 4, name: 'days', description: 'Days of messages to delete', min_value: 0, max_value: 7 },
    { type: 3, name: 'reason', description: 'Why', max_length: 512, autocomplete: true },
  ],
  default_member_permissions: '4',
}

export const CONFIG_JSON = {
  type: 1,
  name: 'config',
  description: 'Bot settings',
  options: [
    { type: 1, name: 'show', description: 'Show settings' },
    {
      type: 1,
      name: 'set',
      description: 'Change a setting',
      options: [
        {
          type: 3,
          name: 'key',
          description: 'Setting',
          required: true,
          choices: [
            { name: 'Prefix', value: 'prefix' },
            { name: 'Language', value: 'lang' },
          ],
        },
        { type: 3, name: 'value', description: 'New value', required: true },
      ],
    },
    {
      type: 2,
      name: 'role',
      description: 'Role settings',
      options: [
        {
          type: 1,
          name: 'grant',
          description: 'Grant',
          options: [{ type: 8, name: 'role', description: 'Role', required: true }],
        },
      ],
    },
  ],
}
