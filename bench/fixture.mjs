/**
 * A realistic bulk-overwrite list for benchmarks: 100 CHAT_INPUT, 15 USER and 15
 * MESSAGE commands, about 400 KB of JSON (a known reference set is 411 KB).
 *
 * Deterministic: every random choice comes from one seeded PRNG (mulberry32), so
 * `makeCommandSet()` returns the same JSON on every call and on every machine.
 * Every command is valid under the spec (docs/rules.md); test/bench-fixture.test.ts checks it.
 *
 * The structure mirrors how the set would be written with slashkit's builders, so
 * that the same set can later be emitted as builder source:
 * - command:  { type, name, description, options, <settings>, name_localizations, description_localizations }
 *             (`slash(name, description).options(...)` / `.subcommand(...)` / `.group(...)`,
 *             then `.defaultMemberPermissions(...)` etc., then `.localize(locale, { name, description })`)
 * - option:   { type, name, description, <required, choices, bounds...>, name_localizations, description_localizations }
 * - choice:   { name, value, name_localizations }          (`choice(name, value).localize(locale, name)`)
 * - USER / MESSAGE: { type, name, <settings>, name_localizations }
 * Name and description localizations of one element always have the same locales
 * (one `.localize(locale, { name, description })` call each).
 *
 * Run directly (`node bench/fixture.mjs`) to print the size of the set.
 */

import { pathToFileURL } from 'node:url'

// ---------------------------------------------------------------- random numbers

/** mulberry32: a small, fast, seeded 32-bit PRNG. Returns floats in [0, 1). */
export function mulberry32(seed) {
  let a = seed >>> 0
  return () => {
    a = (a + 0x6d2b79f5) >>> 0
    let t = a
    t = Math.imul(t ^ (t >>> 15), t | 1)
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61)
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296
  }
}

/** Random helpers over one PRNG. */
function randomness(seed) {
  const next = mulberry32(seed)
  const int = (min, max) => min + Math.floor(next() * (max - min + 1))
  const chance = (p) => next() < p
  const pick = (list) => list[int(0, list.length - 1)]
  /** `k` distinct elements of `list`, in random order. */
  const sample = (list, k) => {
    const copy = list.slice()
    for (let i = 0; i < k; i++) {
      const j = int(i, copy.length - 1)
      ;[copy[i], copy[j]] = [copy[j], copy[i]]
    }
    return copy.slice(0, k)
  }
  return { next, int, chance, pick, sample }
}

// ---------------------------------------------------------------- vocabulary

/** The locales the fixture's bot is translated into (a subset is used per command). */
export const LOCALES = ['es-ES', 'de', 'fr', 'ja', 'pt-BR', 'ru', 'ko', 'it']

/**
 * Words used as command, group, subcommand and option names, with their
 * translation in each of LOCALES (same order). Every translation is lower case,
 * matches the CHAT_INPUT name pattern and differs from every English word here,
 * and the translations of one locale are all different ("Naming rules" 1 and 5;
 * checked when this module loads).
 */
const NOUNS = table(`
  user        usuario      benutzer      utilisateur     ユーザー         usuário         пользователь  사용자    utente
  member      miembro      mitglied      membre          メンバー         membro          участник      멤버      iscritto
  role        rol          rolle         rôle            ロール           cargo           роль          역할      ruolo
  channel     canal        kanal         salon           チャンネル       canal           канал         채널      canale
  message     mensaje      nachricht     missive         メッセージ       mensagem        сообщение     메시지    messaggio
  reason      razón        grund         raison          理由             motivo          причина       이유      motivo
  duration    duración     dauer         durée           期間             duração         длительность  기간      durata
  amount      cantidad     menge         quantité        数量             quantidade      количество    수량      quantità
  time        hora         uhrzeit       heure           時刻             horário         время         시각      orario
  limit       límite       grenze        plafond         上限             limite          лимит         제한      tetto
  color       matiz        farbe         couleur         色               cor             цвет          색상      colore
  language    idioma       sprache       langue          言語             língua          язык          언어      lingua
  page        página       seite         feuillet        ページ           página          страница      페이지    pagina
  query       consulta     abfrage       requête         検索語           consulta        запрос        검색어    ricerca
  title       título       titel         titre           タイトル         título          заголовок     제목      titolo
  category    categoría    kategorie     catégorie       カテゴリ         categoria       категория     카테고리  categoria
  target      objetivo     ziel          cible           対象             alvo            цель          대상      obiettivo
  level       nivel        stufe         niveau          レベル           nível           уровень       레벨      livello
  count       número       anzahl        nombre          件数             número          число         개수      numero
  format      formato      darstellung   présentation    形式             formato         формат        형식      formato
  silent      silencioso   still         silencieux      サイレント       silencioso      тихо          조용히    silenzioso
  timezone    zona-horaria zeitzone      fuseau          タイムゾーン     fuso            часовой-пояс  시간대    fuso-orario
  prefix      prefijo      präfix        préfixe         接頭辞           prefixo         префикс       접두사    prefisso
  image       imagen       bild          illustration    画像             imagem          изображение   이미지    immagine
  file        archivo      datei         fichier         ファイル         arquivo         файл          파일      documento
  song        canción      lied          chanson         曲               música          песня         노래      canzone
  volume      volumen      lautstärke    niveau-sonore   音量             intensidade     громкость     볼륨      livello-audio
  position    posición     stelle        place           位置             posição         позиция       위치      posizione
  mode        modo         modus         façon           モード           modo            режим         모드      modalità
  public      público      öffentlich    publique        公開             público         публично      공개      pubblico
  threshold   umbral       schwelle      seuil           しきい値         limiar          порог         임계값    soglia
  interval    intervalo    intervall     intervalle      間隔             intervalo       интервал      간격      intervallo
  server      servidor     gilde         serveur         サーバー         servidor        сервер        서버      gilda
  note        nota         notiz         remarque        メモ             nota            заметка       메모      nota
  tag         etiqueta     schlagwort    étiquette       タグ             etiqueta        тег           태그      etichetta
  currency    moneda       währung       devise          通貨             moeda           валюта        통화      valuta
  price       precio       preis         prix            価格             preço           цена          가격      prezzo
  region      región       gebiet        région          地域             região          регион        지역      regione
  template    plantilla    vorlage       modèle          テンプレート     modelo          шаблон        템플릿    modello
  attachment  adjunto      anhang        pièce-jointe    添付             anexo           вложение      첨부      allegato
  mention     mención      erwähnung     citation        メンション       menção          упоминание    멘션      menzione
  delay       retraso      verzögerung   délai           遅延             atraso          задержка      지연      ritardo
  score       puntuación   punktzahl     pointage        スコア           pontuação       счёт          점수      punteggio
  rank        rango        rang          grade           ランク           classificação   ранг          순위      grado
  ticket      boleto       vorgang       billet          チケット         chamado         тикет         티켓      biglietto
  days        días         tage          jours           日数             dias            дни           일수      giorni
  text        texto        wortlaut      texte           テキスト         texto           текст         텍스트    testo
  hidden      oculto       versteckt     caché           非表示           oculto          скрыто        숨김      nascosto
  cooldown    enfriamiento abklingzeit   recharge        クールダウン     recarga         перезарядка   쿨다운    ricarica
  nickname    apodo        spitzname     surnom          ニックネーム     apelido         ник           닉네임    soprannome
  status      estado       zustand       statut          状態             situação        статус        상태      stato
  topic       tema         thema         sujet           トピック         tópico          тема          주제      argomento
  question    pregunta     frage         interrogation   質問             pergunta        вопрос        질문      domanda
  answer      respuesta    antwort       réponse         回答             resposta        ответ         답변      risposta
  winner      ganador      gewinner      gagnant         当選者           vencedor        победитель    당첨자    vincitore
  prize       premio       gewinn        lot             賞品             prêmio          приз          상품      premiazione
  event       evento       ereignis      événement       イベント         evento          событие       이벤트    evento
  reminder    recordatorio erinnerung    rappel          リマインダー     lembrete        напоминание   알림      promemoria
`)

/** Verbs, for subcommand names and the first half of command names. */
const VERBS = table(`
  set         establecer   festlegen     définir         設定             definir         установить    설정      impostare
  show        mostrar      anzeigen      afficher        表示             exibir          показать      보기      mostrare
  list        listar       auflisten     lister          一覧             listar          список        목록      elencare
  add         añadir       hinzufügen    ajouter         追加             adicionar       добавить      추가      aggiungere
  remove      quitar       entfernen     retirer         削除             remover         удалить       제거      rimuovere
  reset       restablecer  zurücksetzen  réinitialiser   リセット         redefinir       сбросить      초기화    ripristinare
  create      crear        erstellen     créer           作成             criar           создать       생성      creare
  edit        editar       bearbeiten    modifier        編集             editar          изменить      편집      modificare
  find        buscar       suchen        chercher        探す             buscar          найти         찾기      cercare
  play        reproducir   abspielen     jouer           再生             tocar           играть        재생      riprodurre
  stop        detener      stoppen       arrêter         停止             parar           остановить    정지      fermare
  start       iniciar      starten       démarrer        開始             iniciar         начать        시작      avviare
  check       comprobar    prüfen        vérifier        確認             verificar       проверить     확인      controllare
  clear       limpiar      leeren        effacer         消去             limpar          очистить      지우기    pulire
  give        dar          geben         donner          付与             dar             выдать        지급      dare
  view        ver          ansehen       voir            閲覧             ver             просмотреть   조회      vedere
  toggle      alternar     umschalten    basculer        切替             alternar        переключить   전환      attivare
`)

/** Parses a whitespace-separated table: English word, then one translation per locale. */
function table(text) {
  const words = new Map()
  for (const line of text.trim().split('\n')) {
    const [en, ...translated] = line.trim().split(/\s+/)
    if (translated.length !== LOCALES.length) throw new Error(`fixture: '${en}' needs ${LOCALES.length} translations`)
    words.set(en, Object.fromEntries(LOCALES.map((locale, i) => [locale, translated[i]])))
  }
  return words
}

// The vocabulary's promises, checked once: translations are valid lower-case names,
// never an English word of the tables, and distinct within a locale.
{
  const english = new Set([...NOUNS.keys(), ...VERBS.keys()])
  for (const locale of LOCALES) {
    const seen = new Set()
    for (const [en, t] of [...NOUNS, ...VERBS]) {
      const word = t[locale]
      if (english.has(word) || seen.has(word) || word !== word.toLowerCase() || !/^[-_'\p{L}\p{N}]{1,14}$/u.test(word))
        throw new Error(`fixture: bad ${locale} translation of '${en}': '${word}'`)
      seen.add(word)
    }
  }
}

const nouns = [...NOUNS.keys()]
const verbs = [...VERBS.keys()]

/** A name (one word or `word-word`) in `locale`; `undefined` is the default (English). */
function translateName(name, locale) {
  if (locale === undefined) return name
  return name
    .split('-')
    .map((w) => (NOUNS.get(w) ?? VERBS.get(w))[locale])
    .join('-')
}

/** How a name reads inside a sentence. */
const spoken = (name, locale) => translateName(name, locale).replace(/-/g, ' ')
const cap = (s) => s.charAt(0).toUpperCase() + s.slice(1)

/** Descriptions of commands and subcommands: "verb the noun", with one of four endings. */
const ACTION = {
  en: (v, n, k) => `${cap(v)} the ${n}${['', ' for this server', ' in this channel', ' of a member'][k]}`,
  'es-ES': (v, n, k) => `${cap(v)} ${n}${['', ' para este servidor', ' en este canal', ' de un miembro'][k]}`,
  de: (v, n, k) => `${cap(n)} ${v}${['', ' für diesen Server', ' in diesem Kanal', ' eines Mitglieds'][k]}`,
  fr: (v, n, k) => `${cap(v)} ${n}${['', ' pour ce serveur', ' dans ce salon', " d'un membre"][k]}`,
  ja: (v, n, k) => `${['', 'このサーバーの', 'このチャンネルの', 'メンバーの'][k]}${n}を${v}します`,
  'pt-BR': (v, n, k) => `${cap(v)} ${n}${['', ' deste servidor', ' neste canal', ' de um membro'][k]}`,
  ru: (v, n, k) => `${cap(v)} ${n}${['', ' для этого сервера', ' в этом канале', ' участника'][k]}`,
  ko: (v, n, k) => `${['', '이 서버의 ', '이 채널의 ', '멤버의 '][k]}${n} ${v}`,
  it: (v, n, k) => `${cap(v)} ${n}${['', ' per questo server', ' in questo canale', ' di un membro'][k]}`,
}

/** Descriptions of options and groups: "the noun to use", in one of four wordings. */
const ABOUT = {
  en: (n, k) => [`The ${n} to use`, `Which ${n} to apply (optional)`, `The ${n} for this action`, `Choose a ${n} from the list`][k],
  'es-ES': (n, k) => [`Valor de ${n} que se usará`, `Qué ${n} aplicar (opcional)`, `${cap(n)} para esta acción`, `Elige ${n} de la lista`][k],
  de: (n, k) => [`Zu verwendende ${cap(n)}`, `Welche ${cap(n)} angewendet wird (optional)`, `${cap(n)} für diese Aktion`, `Wähle ${n} aus der Liste`][k],
  fr: (n, k) => [`Valeur de ${n} à utiliser`, `Quel ${n} appliquer (facultatif)`, `${cap(n)} pour cette action`, `Choisissez ${n} dans la liste`][k],
  ja: (n, k) => [`使用する${n}`, `適用する${n}（任意）`, `この操作の${n}`, `リストから${n}を選択`][k],
  'pt-BR': (n, k) => [`Valor de ${n} a ser usado`, `Qual ${n} aplicar (opcional)`, `${cap(n)} para esta ação`, `Escolha ${n} na lista`][k],
  ru: (n, k) => [`Используемый параметр «${n}»`, `Какой ${n} применить (необязательно)`, `${cap(n)} для этого действия`, `Выберите ${n} из списка`][k],
  ko: (n, k) => [`사용할 ${n}`, `적용할 ${n} (선택)`, `이 작업의 ${n}`, `목록에서 ${n} 선택`][k],
  it: (n, k) => [`Valore di ${n} da usare`, `Quale ${n} applicare (facoltativo)`, `${cap(n)} per questa azione`, `Scegli ${n} dall'elenco`][k],
}

/** Names of the USER and MESSAGE commands ("Naming rules" 2: mixed case and spaces), with some translations. */
const USER_COMMANDS = [
  ['Show Profile', { 'es-ES': 'Ver perfil', de: 'Profil anzeigen', fr: 'Voir le profil', ja: 'プロフィールを表示' }],
  ['User Info', { 'es-ES': 'Información', de: 'Benutzerinfo', 'pt-BR': 'Informações' }],
  ['Avatar', { ja: 'アバター', ru: 'Аватар' }],
  ['Warn User', { 'es-ES': 'Advertir', de: 'Verwarnen', fr: 'Avertir', it: 'Ammonisci' }],
  ['Give Reputation', { 'pt-BR': 'Dar reputação', fr: 'Donner de la réputation' }],
  ['Mute for 10 minutes', { de: 'Für 10 Minuten stummschalten', 'es-ES': 'Silenciar 10 minutos' }],
  ['Kick'],
  ['Ban'],
  ['View Warnings', { ko: '경고 보기', ja: '警告を表示' }],
  ['Add Note'],
  ['Invite to Game', { 'es-ES': 'Invitar a partida', 'pt-BR': 'Convidar para jogo', de: 'Zum Spiel einladen' }],
  ['Check Balance'],
  ['Trade Items', { fr: 'Échanger des objets' }],
  ['Level Card', { ja: 'レベルカード', ko: '레벨 카드', ru: 'Карточка уровня' }],
  ['Copy User ID'],
]

const MESSAGE_COMMANDS = [
  ['Report Message', { 'es-ES': 'Denunciar mensaje', de: 'Nachricht melden', fr: 'Signaler le message', ja: 'メッセージを報告' }],
  ['Translate', { 'es-ES': 'Traducir', de: 'Übersetzen', fr: 'Traduire', 'pt-BR': 'Traduzir', ru: 'Перевести' }],
  ['Bookmark', { ja: 'ブックマーク' }],
  ['Pin Message'],
  ['Quote'],
  ['Create Ticket', { 'es-ES': 'Crear ticket', it: 'Crea ticket' }],
  ['Remind Me Later', { de: 'Später erinnern', 'pt-BR': 'Lembrar depois' }],
  ['Summarize'],
  ['Star', { ko: '별표' }],
  ['Delete and Warn'],
  ['Copy Message Link', { fr: 'Copier le lien' }],
  ['Add Reaction Role'],
  ['Save Attachment', { ja: '添付ファイルを保存', 'es-ES': 'Guardar adjunto' }],
  ['Start Thread Here'],
  ['Raw JSON'],
]

// ---------------------------------------------------------------- option types

const STRING = 3
const INTEGER = 4
const BOOLEAN = 5
const USER = 6
const CHANNEL = 7
const ROLE = 8
const MENTIONABLE = 9
const NUMBER = 10
const ATTACHMENT = 11

/** Value option types, weighted by how often real commands use them. */
const VALUE_TYPES = [STRING, STRING, STRING, STRING, INTEGER, INTEGER, INTEGER, NUMBER, NUMBER, BOOLEAN, BOOLEAN, USER, USER, CHANNEL, CHANNEL, ROLE, ROLE, MENTIONABLE, ATTACHMENT]

/** Channel type values (API v10). */
const CHANNEL_TYPES = [0, 2, 4, 5, 10, 11, 12, 13, 15, 16]

/** Permission bit sets a command may require (as strings): Administrator, ManageGuild, ManageMessages, BanMembers, ... */
const PERMISSIONS = ['8', '32', '8192', '4', '2', '268435456', '16', '1099511627776']

// ---------------------------------------------------------------- generator

/** Every CHAT_INPUT command stays under this combined size ("Limits": at most 8000). */
const SIZE_BUDGET = 7600

/**
 * Builds the set. `seed` changes every random choice; the default gives the
 * reference fixture.
 */
export function makeCommandSet({ seed = 0x5eed } = {}) {
  const r = randomness(seed)
  const used = new Set()
  const commands = []
  for (let i = 0; i < 100; i++) {
    const kind = i % 10 < 5 ? 'flat' : i % 10 < 8 ? 'subcommands' : 'groups'
    let command
    // Rarely a command comes out over the combined size; draw it again.
    do command = chatInput(r, kind, used)
    while (combinedSize(command) > SIZE_BUDGET)
    used.add(command.name)
    commands.push(command)
  }
  for (const [name, localized] of USER_COMMANDS) commands.push(contextMenu(r, 2, name, localized))
  for (const [name, localized] of MESSAGE_COMMANDS) commands.push(contextMenu(r, 3, name, localized))
  return commands
}

/** A CHAT_INPUT command of one of three shapes: value options, subcommands, or groups (and subcommands). */
function chatInput(r, kind, used) {
  const { name, verb, subject } = commandName(r, kind, used)
  const locales = r.sample(LOCALES, r.int(2, 6))
  const k = r.int(0, 3)
  const command = { type: 1, name, description: ACTION.en(verb, spoken(subject), k) }
  if (kind === 'flat') command.options = valueOptions(r, r.int(3, 10), locales)
  else if (kind === 'subcommands') command.options = subcommands(r, r.int(2, 5), 5, locales)
  else {
    const groups = r.sample(nouns, r.int(1, 2)).map((noun) => {
      const g = { type: 2, name: noun, description: ABOUT.en(spoken(noun), 2), options: subcommands(r, r.int(2, 4), 4, locales) }
      localize(g, locales, (l) => ABOUT[l](spoken(noun, l), 2))
      return g
    })
    command.options = [...groups, ...subcommands(r, r.int(0, 2), 4, locales)]
  }
  settings(r, command)
  if (r.chance(0.85))
    localize(
      command,
      locales,
      (l) => ACTION[l](spoken(verb, l), spoken(subject, l), k),
      (l) => translateName(name, l),
    )
  return command
}

/**
 * A new command name: `verb-noun` ("set-prefix", flat commands only), a noun
 * ("ticket") or, once single nouns run short, two nouns ("event-prize"). `verb`
 * and `subject` make the description ("Set the prefix").
 */
function commandName(r, kind, used) {
  for (let attempt = 0; ; attempt++) {
    const verb = r.pick(verbs)
    const [a, b] = r.sample(nouns, 2)
    const verbFirst = kind === 'flat' && r.chance(0.7)
    const subject = verbFirst || attempt < 5 ? a : `${a}-${b}`
    const name = verbFirst ? `${verb}-${subject}` : subject
    if (!used.has(name)) return { name, verb, subject }
  }
}

/** `n` subcommands with distinct names (verbs), each with 0 to `maxOptions` value options. */
function subcommands(r, n, maxOptions, locales) {
  return r.sample(verbs, n).map((verb) => {
    const noun = r.pick(nouns)
    const k = r.int(0, 3)
    const sub = { type: 1, name: verb, description: ACTION.en(verb, spoken(noun), k) }
    const count = r.int(0, maxOptions)
    if (count > 0) sub.options = valueOptions(r, count, locales)
    localize(sub, locales, (l) => ACTION[l](spoken(verb, l), spoken(noun, l), k))
    return sub
  })
}

/** `n` value options with distinct names, required ones first ("Command option" rule 1). */
function valueOptions(r, n, locales) {
  const names = new Set()
  while (names.size < n) names.add(r.chance(0.25) ? r.sample(nouns, 2).join('-') : r.pick(nouns))
  const options = [...names].map((name) => valueOption(r, r.pick(VALUE_TYPES), name, locales))
  return [...options.filter((o) => o.required), ...options.filter((o) => !o.required)]
}

/** One value option of `type`, with the fields its type allows. */
function valueOption(r, type, name, locales) {
  const k = r.int(0, 3)
  const o = { type, name, description: ABOUT.en(spoken(name), k) }
  if (r.chance(0.35)) o.required = true
  if (type === STRING) {
    const roll = r.next()
    if (roll < 0.3) o.choices = choices(r, type, locales)
    else if (roll < 0.5) o.autocomplete = true
    if (roll >= 0.3 && r.chance(0.5)) {
      o.min_length = r.int(0, 10)
      o.max_length = r.pick([32, 100, 256, 512, 1024, 2000, 4000, 6000])
    }
  } else if (type === INTEGER || type === NUMBER) {
    const roll = r.next()
    if (roll < 0.25) o.choices = choices(r, type, locales)
    else if (roll < 0.4) o.autocomplete = true
    if (roll >= 0.25 && r.chance(0.6)) {
      const min = type === INTEGER ? r.int(-100, 10) : r.int(-1000, 100) / 8
      o.min_value = min
      o.max_value = type === INTEGER ? min + r.int(1, 100000) : min + r.int(1, 80000) / 16
    }
  } else if (type === CHANNEL && r.chance(0.6)) {
    o.channel_types = r.sample(CHANNEL_TYPES, r.int(1, 4)).sort((a, b) => a - b)
  }
  if (r.chance(0.9))
    localize(
      o,
      locales,
      (l) => ABOUT[l](spoken(name, l), k),
      (l) => translateName(name, l),
    )
  return o
}

/** 2-25 choices with distinct names and values of the option's type. */
function choices(r, type, locales) {
  const n = r.chance(0.15) ? 25 : r.int(2, 8)
  const pairs = new Map()
  while (pairs.size < n) {
    const [a, b] = r.sample(nouns, 2)
    pairs.set(`${a} ${b}`, [a, b])
  }
  const localized = r.chance(0.6)
  const base = type === INTEGER ? r.int(-10, 100) : r.int(-40, 40) / 4
  const step = type === INTEGER ? r.int(1, 60) : r.int(1, 40) / 8
  return [...pairs.values()].map(([a, b], i) => {
    const value = type === STRING ? `${a}_${b}` : base + i * step
    const choice = { name: `${cap(spoken(a))} ${spoken(b)}`, value }
    if (localized) {
      choice.name_localizations = {}
      for (const l of locales) choice.name_localizations[l] = `${cap(spoken(a, l))} ${spoken(b, l)}`
    }
    return choice
  })
}

/** Command settings: permissions, contexts, integration types, age restriction. */
function settings(r, command) {
  if (r.chance(0.3)) command.default_member_permissions = r.pick(PERMISSIONS)
  if (r.chance(0.4)) command.contexts = r.chance(0.5) ? [0] : [0, 1, 2]
  if (r.chance(0.3)) command.integration_types = r.chance(0.5) ? [0] : [0, 1]
  if (r.chance(0.02)) command.nsfw = true
}

/** A USER (2) or MESSAGE (3) command. */
function contextMenu(r, type, name, localized) {
  const command = { type, name }
  settings(r, command)
  if (localized !== undefined) command.name_localizations = { ...localized }
  return command
}

/**
 * Adds `name_localizations` and `description_localizations` in `locales`
 * (one `.localize(locale, { name, description })` each). A localized name
 * must differ from sibling names ("Naming rules" 5): translations never equal
 * an English word, and are distinct within a locale, so it always does.
 */
function localize(element, locales, description, name = (l) => translateName(element.name, l)) {
  element.name_localizations = {}
  element.description_localizations = {}
  for (const l of locales) {
    element.name_localizations[l] = name(l)
    element.description_localizations[l] = description(l)
  }
}

// ---------------------------------------------------------------- the wide set (issue 29)

/** The five locales of the wide set's localized commands. */
const WIDE_LOCALES = ['es-ES', 'de', 'fr', 'ja', 'pt-BR']

/** The counts the wide set is built to, those of the outside measurement (issue 29). */
export const WIDE_SHAPE = Object.freeze({ options: 1931, choices: 2146, localized: 31 })

/**
 * The shape of the workload issue 29 was measured on outside the repository: 100
 * CHAT_INPUT commands (60 with value options only, 30 with subcommands, 10 with
 * groups), 15 USER and 15 MESSAGE; 31 commands localized in 5 locales down to the
 * choices (every name, description and choice name), the others not at all;
 * exactly 1,931 options (value options, subcommands and groups) and 2,146
 * choices; every option type, bounds, lengths and channel types. Where
 * `makeCommandSet` localizes most commands a little and holds 474 choices, this
 * one is wide: many options and choices, fewer localizations. Its JSON is 488 KiB
 * (the outside set's was 411 KB: the same counts, with longer descriptions here).
 * `node bench/fixture.mjs --wide` prints its size.
 */
export function makeWideSet({ seed = 0x29 } = {}) {
  const r = randomness(seed)
  const used = new Set()
  const localized = new Set(r.sample([...Array(100).keys()], WIDE_SHAPE.localized))
  const commands = []
  for (let i = 0; i < 100; i++) {
    const kind = i % 10 < 6 ? 'flat' : i % 10 < 9 ? 'subcommands' : 'groups'
    const locales = localized.has(i) ? WIDE_LOCALES : []
    const { name, verb, subject } = commandName(r, kind, used)
    used.add(name)
    const k = r.int(0, 3)
    const command = { type: 1, name, description: ACTION.en(verb, spoken(subject), k) }
    if (kind === 'flat') command.options = wideOptions(r, r.int(12, 25), locales)
    else if (kind === 'subcommands') command.options = wideSubcommands(r, r.int(3, 6), locales)
    else {
      const groups = r.sample(nouns, 2).map((noun) => {
        const g = { type: 2, name: noun, description: ABOUT.en(spoken(noun), 2), options: wideSubcommands(r, r.int(2, 4), locales) }
        localizeIn(g, locales, (l) => ABOUT[l](spoken(noun, l), 2))
        return g
      })
      command.options = [...groups, ...wideSubcommands(r, r.int(1, 2), locales)]
    }
    settings(r, command)
    localizeIn(
      command,
      locales,
      (l) => ACTION[l](spoken(verb, l), spoken(subject, l), k),
      (l) => translateName(name, l),
    )
    commands.push(command)
  }
  fitCounts(r, commands)
  for (const [name, localizedNames] of USER_COMMANDS) commands.push(contextMenu(r, 2, name, localizedNames))
  for (const [name, localizedNames] of MESSAGE_COMMANDS) commands.push(contextMenu(r, 3, name, localizedNames))
  return commands
}

/** `localize`, in no locale at all for a command that is not localized (no empty dictionaries). */
function localizeIn(element, locales, ...texts) {
  if (locales.length > 0) localize(element, locales, ...texts)
}

/** `n` subcommands of 4 to 9 value options each, localized in `locales`. */
function wideSubcommands(r, n, locales) {
  return r.sample(verbs, n).map((verb) => {
    const noun = r.pick(nouns)
    const k = r.int(0, 3)
    const sub = { type: 1, name: verb, description: ACTION.en(verb, spoken(noun), k), options: wideOptions(r, r.int(4, 9), locales) }
    localizeIn(sub, locales, (l) => ACTION[l](spoken(verb, l), spoken(noun, l), k))
    return sub
  })
}

/** `n` value options, required ones first, every one localized in `locales` (choices included). */
function wideOptions(r, n, locales) {
  const names = new Set()
  while (names.size < n) names.add(r.chance(0.25) ? r.sample(nouns, 2).join('-') : r.pick(nouns))
  const options = [...names].map((name) => wideOption(r, r.pick(VALUE_TYPES), name, locales))
  return [...options.filter((o) => o.required), ...options.filter((o) => !o.required)]
}

/** One value option: choices on half the STRING, INTEGER and NUMBER options (4 to 12), bounds, lengths, channel types. */
function wideOption(r, type, name, locales) {
  // The two shorter wordings of ABOUT: "The x to use", "The x for this action".
  const k = r.pick([0, 2])
  const o = { type, name, description: ABOUT.en(spoken(name), k) }
  if (r.chance(0.3)) o.required = true
  if (type === STRING || type === INTEGER || type === NUMBER) {
    if (r.chance(0.5)) o.choices = wideChoices(r, type, locales, r.int(4, 12))
    else if (r.chance(0.3)) o.autocomplete = true
    else if (type === STRING) {
      o.min_length = r.int(0, 10)
      o.max_length = r.pick([32, 100, 256, 512, 1024, 2000, 4000, 6000])
    } else {
      const min = type === INTEGER ? r.int(-100, 10) : r.int(-1000, 100) / 8
      o.min_value = min
      o.max_value = type === INTEGER ? min + r.int(1, 100000) : min + r.int(1, 80000) / 16
    }
  } else if (type === CHANNEL && r.chance(0.7)) {
    o.channel_types = r.sample(CHANNEL_TYPES, r.int(1, 4)).sort((a, b) => a - b)
  }
  localizeIn(
    o,
    locales,
    (l) => ABOUT[l](spoken(name, l), k),
    (l) => translateName(name, l),
  )
  return o
}

/** `n` choices with distinct names and values of the option's type, every name localized in `locales`. */
function wideChoices(r, type, locales, n) {
  const pairs = new Map()
  while (pairs.size < n) {
    const [a, b] = r.sample(nouns, 2)
    pairs.set(`${a} ${b}`, [a, b])
  }
  const base = type === INTEGER ? r.int(-10, 100) : r.int(-40, 40) / 4
  const step = type === INTEGER ? r.int(1, 60) : r.int(1, 40) / 8
  return [...pairs.values()].map(([a, b], i) => {
    const choice = { name: `${cap(spoken(a))} ${spoken(b)}`, value: type === STRING ? `${a}_${b}` : base + i * step }
    if (locales.length > 0) {
      choice.name_localizations = {}
      for (const l of locales) choice.name_localizations[l] = `${cap(spoken(a, l))} ${spoken(b, l)}`
    }
    return choice
  })
}

/** Every list of value options in the CHAT_INPUT commands, with the locales of its command. */
function valueLists(commands) {
  const lists = []
  const walk = (options, locales) => {
    if (options.length > 0 && options[0].type > 2) lists.push({ options, locales })
    else for (const o of options) walk(o.options ?? [], locales)
  }
  for (const c of commands) walk(c.options ?? [], Object.keys(c.name_localizations ?? {}))
  return lists
}

/**
 * Brings the set to `WIDE_SHAPE` exactly: drops optional options from the longest
 * lists (or adds new ones to the shortest), then takes choices from the largest
 * choice lists (or adds them to the smallest), drawing every new element from `r`.
 */
function fitCounts(r, commands) {
  const count = (pred) => {
    let n = 0
    const walk = (options) => {
      for (const o of options ?? []) {
        n += pred(o)
        walk(o.options)
      }
    }
    for (const c of commands) walk(c.options)
    return n
  }
  const lists = valueLists(commands)
  for (let n = count(() => 1); n !== WIDE_SHAPE.options; n = count(() => 1)) {
    lists.sort((a, b) => a.options.length - b.options.length)
    if (n > WIDE_SHAPE.options) {
      const { options } = lists.at(-1)
      options.splice(
        options.findLastIndex((o) => !o.required),
        1,
      )
    } else {
      const { options, locales } = lists[0]
      let name
      do name = r.pick(nouns)
      while (options.some((o) => o.name === name))
      options.push({ ...wideOption(r, r.pick(VALUE_TYPES), name, locales), required: undefined })
      delete options.at(-1).required
    }
  }
  const withChoices = lists.flatMap(({ options, locales }) => options.filter((o) => o.choices).map((o) => ({ o, locales })))
  for (let n = count((o) => o.choices?.length ?? 0); n !== WIDE_SHAPE.choices; n = count((o) => o.choices?.length ?? 0)) {
    withChoices.sort((a, b) => a.o.choices.length - b.o.choices.length)
    const { o, locales } = n > WIDE_SHAPE.choices ? withChoices.at(-1) : withChoices[0]
    const size = Math.max(2, Math.min(25, o.choices.length + Math.sign(WIDE_SHAPE.choices - n) * Math.min(Math.abs(WIDE_SHAPE.choices - n), 8)))
    o.choices = wideChoices(r, o.type, locales, size)
  }
}

// ---------------------------------------------------------------- combined size

/**
 * "Limits": characters of every name, description and choice value, counting the
 * longest localization of each field (code points).
 */
function combinedSize(command) {
  const chars = (s) => [...s].length
  const longest = (value, dict) => Math.max(chars(value), ...Object.values(dict ?? {}).map(chars))
  const ofOptions = (options = []) =>
    options.reduce(
      (n, o) =>
        n +
        longest(o.name, o.name_localizations) +
        longest(o.description, o.description_localizations) +
        ofOptions(o.options) +
        (o.choices ?? []).reduce((m, c) => m + longest(c.name, c.name_localizations) + chars(String(c.value)), 0),
      0,
    )
  return longest(command.name, command.name_localizations) + longest(command.description, command.description_localizations) + ofOptions(command.options)
}

// ---------------------------------------------------------------- run directly

if (process.argv[1] !== undefined && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const set = process.argv.includes('--wide') ? makeWideSet() : makeCommandSet()
  const json = JSON.stringify(set)
  const byType = [1, 2, 3].map((t) => set.filter((c) => c.type === t).length)
  const sizes = set.filter((c) => c.type === 1).map(combinedSize)
  console.log(
    `bench/fixture.mjs: ${set.length} commands (${byType[0]} CHAT_INPUT, ${byType[1]} USER, ${byType[2]} MESSAGE), ` +
      `${json.length} characters of JSON (${(json.length / 1024).toFixed(1)} KiB), ` +
      `${Buffer.byteLength(json)} bytes UTF-8; combined size per CHAT_INPUT command ${Math.min(...sizes)}-${Math.max(...sizes)}`,
  )
}
