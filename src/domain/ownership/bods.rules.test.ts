// The rules of the BODS 0.4 import and export one by one (bods.ts's module comment; the standard:
// schema/*.json of openownership/data-standard 0.4, and the choices the module comment lists),
// on small packages written here: each test states a rule, its boundary and the reason given.
import { describe, expect, it } from 'vitest';
import {
  type BodsError,
  type BodsExportInput,
  type BodsInterest,
  type BodsPackage,
  bodsHoldings,
  exportBodsPackage,
  isBodsDate,
  parseBodsPackage,
} from './bods.ts';

type Json = Record<string, any>;

let n = 0;
/** A valid statement of one record; `extra` replaces fields of the envelope. */
const statement = (recordId: string, recordType: string, recordDetails: unknown, extra: Json = {}): Json => ({
  statementId: `statement-${String(n++).padStart(22, '0')}`,
  declarationSubject: 'c',
  statementDate: '2021-01-01',
  publicationDetails: { publicationDate: '2021-01-02', bodsVersion: '0.4', publisher: { name: 'P' } },
  recordId,
  recordStatus: 'new',
  recordType,
  recordDetails,
  ...extra,
});
const entity = (recordId = 'c', details: Json = {}, extra: Json = {}) =>
  statement(
    recordId,
    'entity',
    { isComponent: false, entityType: { type: 'registeredEntity' }, name: recordId, ...details },
    extra,
  );
const person = (recordId = 'p', details: Json = {}, extra: Json = {}) =>
  statement(recordId, 'person', { isComponent: false, personType: 'knownPerson', ...details }, extra);
const relationship = (
  recordId: string,
  subject: unknown,
  interestedParty: unknown,
  interests: Json[] | undefined,
  details: Json = {},
  extra: Json = {},
) =>
  statement(
    recordId,
    'relationship',
    { isComponent: false, subject, interestedParty, ...(interests ? { interests } : {}), ...details },
    extra,
  );
const holding = (share: Json | undefined, more: Json = {}) => ({
  type: 'shareholding',
  directOrIndirect: 'direct',
  ...(share ? { share } : {}),
  ...more,
});

function parsed(input: unknown): BodsPackage {
  const r = parseBodsPackage(input);
  if (!r.ok) throw new Error(r.errors.map((e) => `${e.index} ${e.path}: ${e.reason}`).join('\n'));
  return r.package;
}
function refused(input: unknown): BodsError[] {
  const r = parseBodsPackage(input);
  if (r.ok) throw new Error('accepted');
  return r.errors;
}
/** The problems of a refused package as [index, path, reason]. */
const problems = (input: unknown) => refused(input).map((e) => [e.index, e.path, e.reason]);
/** The one interest of a package with a company c, a person p and a relationship p → c. */
const interestOf = (i: Json, relExtra: Json = {}): BodsInterest =>
  parsed([entity(), person(), relationship('r', 'c', 'p', [i], {}, relExtra)]).interests[0]!;

describe('dates (YYYY-MM-DD, a real calendar day)', () => {
  it('accepts real days, the 29th of February of a leap year included', () => {
    for (const d of ['2021-01-01', '2024-02-29', '2021-12-31', '1999-04-30'])
      expect(isBodsDate(d)).toBe(true);
  });

  it('refuses a day past the end of its month, a month past 12, month or day 00, and other shapes', () => {
    for (const d of [
      '2021-02-29',
      '2021-02-30',
      '2021-04-31',
      '2021-13-01',
      '2021-00-10',
      '2021-05-00',
      '2021-1-01',
      '2021/01/01',
      '2021-01-01T00:00:00Z',
      '',
    ])
      expect(isBodsDate(d), d).toBe(false);
  });

  it('a statementDate may be a date or an RFC 3339 date-time on a real day, nothing else', () => {
    expect(() => parsed([entity('c', {}, { statementDate: '2021-01-01T10:30:00Z' })])).not.toThrow();
    expect(() => parsed([entity('c', {}, { statementDate: '2021-01-01T10:30:00.5+03:30' })])).not.toThrow();
    expect(problems([entity('c', {}, { statementDate: '2021-02-30T10:30:00Z' })])).toEqual([
      [
        0,
        'statementDate',
        '«statementDate»: باید تاریخ (YYYY-MM-DD) یا تاریخ و ساعت RFC 3339 باشد؛ آمده: "2021-02-30T10:30:00Z"',
      ],
    ]);
    // a real date followed by anything that is not a time
    expect(problems([entity('c', {}, { statementDate: '2021-01-01 soon' })])).toEqual([
      [
        0,
        'statementDate',
        '«statementDate»: باید تاریخ (YYYY-MM-DD) یا تاریخ و ساعت RFC 3339 باشد؛ آمده: "2021-01-01 soon"',
      ],
    ]);
  });

  it('a birthDate may be a year, a year and month, or a full date', () => {
    for (const birthDate of ['1980', '1980-05', '1980-05-17'])
      expect(parsed([person('p', { birthDate })]).persons).toHaveLength(1);
    for (const birthDate of ['1980-13', 'soon', '1980-02-30'])
      expect(problems([person('p', { birthDate })])).toEqual([
        [
          0,
          'recordDetails.birthDate',
          `«recordDetails.birthDate»: باید سال، سال و ماه یا تاریخ کامل باشد (YYYY، YYYY-MM یا YYYY-MM-DD)؛ آمده: "${birthDate}"`,
        ],
      ]);
  });

  it('an interest may end on the day it starts, not before', () => {
    expect(
      interestOf(holding({ exact: 10 }, { startDate: '2020-05-01', endDate: '2020-05-01' })),
    ).toMatchObject({ startDate: '2020-05-01', endDate: '2020-05-01' });
    expect(
      problems([
        entity(),
        person(),
        relationship('r', 'c', 'p', [
          holding({ exact: 10 }, { startDate: '2020-05-01', endDate: '2020-04-30' }),
        ]),
      ]),
    ).toEqual([
      [
        2,
        'recordDetails.interests[0].endDate',
        '«recordDetails.interests[0].endDate»: پایان منفعت (2020-04-30) پیش از آغاز آن (2020-05-01) است',
      ],
    ]);
  });

  it('a value in a reason is cut at 60 characters', () => {
    // JSON.stringify adds the two quotes: 58 characters are written whole, 59 are cut to 57 and …
    const whole = 'x'.repeat(58);
    const cut = 'x'.repeat(59);
    expect(refused([entity('c', {}, { statementDate: whole })])[0]!.reason).toContain(`آمده: "${whole}"`);
    expect(refused([entity('c', {}, { statementDate: cut })])[0]!.reason).toMatch(/آمده: "x{56}…$/);
  });
});

describe('the envelope', () => {
  it('an identifier needs a scheme or a schemeName', () => {
    const ok = parsed([
      entity('c', { identifiers: [{ schemeName: 'Registry of X', id: '1' }, { scheme: 'IR-NID' }] }),
    ]);
    expect(ok.entities[0]!.identifiers).toEqual([
      { scheme: null, schemeName: 'Registry of X', id: '1' },
      { scheme: 'IR-NID', schemeName: null, id: null },
    ]);
    expect(problems([entity('c', { identifiers: [{ id: '1' }] })])).toEqual([
      [
        0,
        'recordDetails.identifiers[0]',
        '«recordDetails.identifiers[0]»: شناسه باید scheme یا schemeName داشته باشد',
      ],
    ]);
  });

  it('a publisher needs a name or a url', () => {
    const withUrl = entity();
    withUrl.publicationDetails.publisher = { url: 'https://example.org' };
    expect(parsed([withUrl]).entities).toHaveLength(1);
    const nameless = entity();
    nameless.publicationDetails.publisher = {};
    expect(problems([nameless])).toEqual([
      [
        0,
        'publicationDetails.publisher',
        '«publicationDetails.publisher»: ناشر باید نام (name) یا نشانی (url) داشته باشد',
      ],
    ]);
  });

  it('a statementId has 32 to 64 characters', () => {
    expect(
      parsed([
        entity('c', {}, { statementId: 'a'.repeat(32) }),
        entity('d', {}, { statementId: 'b'.repeat(64) }),
      ]).entities,
    ).toHaveLength(2);
    expect(problems([entity('c', {}, { statementId: 'short' })])).toEqual([
      [0, 'statementId', 'طول «statementId» باید دست‌کم 32 نویسه باشد؛ آمده: "short"'],
    ]);
    expect(problems([entity('c', {}, { statementId: 'a'.repeat(65) })])).toEqual([
      [0, 'statementId', `طول «statementId» باید حداکثر 64 نویسه باشد؛ آمده: "${'a'.repeat(56)}…`],
    ]);
  });

  it('a field of the wrong type, a value off its codelist, a missing field', () => {
    expect(problems([entity('c', { isComponent: 'no' })])).toEqual([
      [
        0,
        'recordDetails.isComponent',
        '«recordDetails.isComponent» باید مقدار بولی (true یا false) باشد؛ آمده: "no"',
      ],
    ]);
    expect(problems([person('p', { personType: 'alien' })])).toEqual([
      [
        0,
        'recordDetails.personType',
        'مقدار "alien" برای «recordDetails.personType» مجاز نیست؛ مجاز: knownPerson، anonymousPerson، unknownPerson',
      ],
    ]);
    const { declarationSubject: _, ...noSubject } = entity();
    expect(problems([noSubject])).toEqual([
      [0, 'declarationSubject', '«declarationSubject» نیامده است؛ این فیلد الزامی است'],
    ]);
  });

  it('a package that is not an array says what it is', () => {
    expect(refused(null)[0]!.reason).toBe('بستهٔ BODS باید آرایه‌ای از بیانیه‌ها باشد؛ آمده: null');
    expect(refused({})[0]!.reason).toBe('بستهٔ BODS باید آرایه‌ای از بیانیه‌ها باشد؛ آمده: object');
    expect(refused('[]')[0]!.reason).toBe('بستهٔ BODS باید آرایه‌ای از بیانیه‌ها باشد؛ آمده: string');
  });

  it('a statement that is not an object, null included, is one problem', () => {
    expect(problems([42])).toEqual([[0, '', 'بیانیه باید شیء JSON باشد؛ آمده: 42']]);
    expect(problems([null, entity()])).toEqual([[0, '', 'بیانیه باید شیء JSON باشد؛ آمده: null']]);
  });

  it('a statementId that is not a string is not compared with the others', () => {
    const a = entity('c', {}, { statementId: 7 });
    const b = entity('d', {}, { statementId: 7 });
    expect(problems([a, b])).toEqual([
      [0, 'statementId', '«statementId» باید رشته باشد؛ آمده: 7'],
      [1, 'statementId', '«statementId» باید رشته باشد؛ آمده: 7'],
    ]);
  });

  it('only a string recordId of a known recordType takes part in the one-type-per-record check', () => {
    // the same numeric recordId as an entity and as a person: only the type problems
    expect(problems([entity('c', {}, { recordId: 42 }), person('p', {}, { recordId: 42 })])).toEqual([
      [0, 'recordId', '«recordId» باید رشته باشد؛ آمده: 42'],
      [1, 'recordId', '«recordId» باید رشته باشد؛ آمده: 42'],
    ]);
    // a statement of an unknown recordType about a known record: only the codelist problem
    const odd = entity('c', {}, { recordType: 'company' });
    expect(problems([entity('c'), odd]).map((e) => e.slice(0, 2))).toEqual([[1, 'recordType']]);
  });
});

describe('entities and persons', () => {
  it('a subtype must be one its entity type admits', () => {
    expect(
      parsed([entity('c', { entityType: { type: 'arrangement', subtype: 'nomination' } })]).entities[0],
    ).toMatchObject({ entityType: 'arrangement', entitySubtype: 'nomination' });
    expect(problems([entity('c', { entityType: { type: 'arrangement', subtype: 'stateAgency' } })])).toEqual([
      [
        0,
        'recordDetails.entityType.subtype',
        '«recordDetails.entityType.subtype»: زیرنوع «stateAgency» برای نوع «arrangement» مجاز نیست؛ مجاز: trust، nomination، other',
      ],
    ]);
  });

  it('a state and a state body are marked as the state, other entities not', () => {
    const p = parsed([
      entity('s', { entityType: { type: 'state' } }),
      entity('b', { entityType: { type: 'stateBody', subtype: 'stateAgency' } }),
      entity('c'),
      entity('l', { entityType: { type: 'legalEntity' } }),
    ]);
    expect(p.entities.map((e) => [e.recordId, e.isState])).toEqual([
      ['s', true],
      ['b', true],
      ['c', false],
      ['l', false],
    ]);
  });

  it('reads the founding and dissolution dates and the jurisdiction', () => {
    expect(
      parsed([
        entity('c', {
          foundingDate: '2001-02-03',
          dissolutionDate: '2020-10-11',
          jurisdiction: { name: 'Tehran', code: 'IR-23' },
        }),
      ]).entities[0],
    ).toMatchObject({
      foundingDate: '2001-02-03',
      dissolutionDate: '2020-10-11',
      jurisdiction: 'IR-23',
      jurisdictionName: 'Tehran',
    });
  });

  it("a person's name is the first name's fullName, else its given and family names", () => {
    const name = (names: Json[] | undefined) =>
      parsed([person('p', names ? { names } : {})]).persons[0]!.name;
    expect(name([{ fullName: 'Ali Rezaei', givenName: 'A' }, { fullName: 'Other' }])).toBe('Ali Rezaei');
    expect(name([{ fullName: '', givenName: 'Ali', familyName: 'Rezaei' }])).toBe('Ali Rezaei');
    expect(name([{ fullName: '', familyName: 'Rezaei' }])).toBe('Rezaei');
    expect(name([{ fullName: '', givenName: 'Ali' }])).toBe('Ali');
    expect(name([{ fullName: '' }])).toBe('');
    expect(name(undefined)).toBeNull();
  });

  it('reads nationalities as codes, or the name of a country without one', () => {
    expect(
      parsed([person('p', { nationalities: [{ name: 'Iran', code: 'IR' }, { name: 'Kurdistan' }] })])
        .persons[0]!.nationalities,
    ).toEqual(['IR', 'Kurdistan']);
  });
});

describe('shares (percent in BODS, a fraction in the product)', () => {
  const bounds = (share: Json) => {
    const i = interestOf(holding(share));
    return [i.share, i.shareMin, i.shareMinExclusive, i.shareMax, i.shareMaxExclusive];
  };

  it('an exact share, and an inclusive range', () => {
    expect(bounds({ exact: 25 })).toEqual([0.25, null, false, null, false]);
    expect(bounds({ minimum: 25, maximum: 50 })).toEqual([null, 0.25, false, 0.5, false]);
  });

  it('an exclusive bound alone is flagged', () => {
    expect(bounds({ exclusiveMinimum: 25 })).toEqual([null, 0.25, true, null, false]);
    expect(bounds({ exclusiveMaximum: 50 })).toEqual([null, null, false, 0.5, true]);
  });

  it('a lower bound given both ways keeps the tighter one, the exclusive one when they are equal', () => {
    expect(bounds({ minimum: 30, exclusiveMinimum: 25 })).toEqual([null, 0.3, false, null, false]);
    expect(bounds({ minimum: 25, exclusiveMinimum: 25 })).toEqual([null, 0.25, true, null, false]);
    expect(bounds({ minimum: 20, exclusiveMinimum: 25 })).toEqual([null, 0.25, true, null, false]);
  });

  it('an upper bound given both ways keeps the tighter one, the exclusive one when they are equal', () => {
    expect(bounds({ maximum: 40, exclusiveMaximum: 50 })).toEqual([null, null, false, 0.4, false]);
    expect(bounds({ maximum: 50, exclusiveMaximum: 50 })).toEqual([null, null, false, 0.5, true]);
    expect(bounds({ maximum: 60, exclusiveMaximum: 50 })).toEqual([null, null, false, 0.5, true]);
  });

  it('a lower bound alone, an upper bound alone, and equal bounds are ranges', () => {
    expect(bounds({ minimum: 60 })).toEqual([null, 0.6, false, null, false]);
    expect(bounds({ maximum: 40 })).toEqual([null, null, false, 0.4, false]);
    expect(bounds({ minimum: 40, maximum: 40 })).toEqual([null, 0.4, false, 0.4, false]);
  });

  it('a range whose lower bound exceeds its upper bound is refused, with both bounds', () => {
    const rel = relationship('r', 'c', 'p', [holding({ exclusiveMinimum: 50, maximum: 25 })]);
    expect(problems([entity(), person(), rel])).toEqual([
      [
        2,
        'recordDetails.interests[0].share',
        '«recordDetails.interests[0].share»: کران پایین سهم (50٪) از کران بالای آن (25٪) بیشتر است',
      ],
    ]);
  });

  it('a percent is between 0 and 100', () => {
    expect(bounds({ minimum: 0, maximum: 100 })).toEqual([null, 0, false, 1, false]);
    const out = (share: Json) =>
      problems([entity(), person(), relationship('r', 'c', 'p', [holding(share)])]);
    expect(out({ exact: -5 })).toEqual([
      [2, 'recordDetails.interests[0].share.exact', 'سهم باید درصدی از 0 تا 100 باشد؛ آمده: -5'],
    ]);
    expect(out({ maximum: 100.5 })).toEqual([
      [2, 'recordDetails.interests[0].share.maximum', 'سهم باید درصدی از 0 تا 100 باشد؛ آمده: 100.5'],
    ]);
  });
});

describe('references between statements', () => {
  it('a subject that is not in the package, or not a record id at all', () => {
    expect(
      problems([entity(), person(), relationship('r', 'nowhere', 'p', [holding({ exact: 1 })])]),
    ).toEqual([[2, 'recordDetails.subject', 'رکورد «nowhere» که موضوع رابطه است در این بسته نیامده است']]);
    expect(problems([entity(), person(), relationship('r', 42, 'p', [holding({ exact: 1 })])])).toEqual([
      [
        2,
        'recordDetails.subject',
        '«recordDetails.subject» باید شناسهٔ یک رکورد (رشته) یا شیء «نامشخص» با reason باشد؛ آمده: 42',
      ],
    ]);
  });

  it('an interested party that is a relationship', () => {
    const first = relationship('r1', 'c', 'p', [holding({ exact: 1 })]);
    expect(
      problems([entity(), person(), first, relationship('r2', 'c', 'r1', [holding({ exact: 1 })])]),
    ).toEqual([
      [3, 'recordDetails.interestedParty', 'دارندهٔ منفعت باید شخص حقوقی یا حقیقی باشد؛ «r1» یک رابطه است'],
    ]);
  });

  it('a component record that is missing is named; one that is not a string is a type problem', () => {
    const rel = relationship('r', 'c', 'p', [holding({ exact: 1 })], { componentRecords: ['c', 'gone', 42] });
    expect(problems([entity(), person(), rel])).toEqual([
      [
        2,
        'recordDetails.componentRecords[2]',
        '«recordDetails.componentRecords[2]» باید رشته باشد؛ آمده: 42',
      ],
      [2, 'recordDetails.componentRecords[1]', 'رکورد جزء «gone» در این بسته نیامده است'],
    ]);
  });

  it('a component relationship has no componentRecords', () => {
    const rel = relationship('r', 'c', 'p', [holding({ exact: 1 })], {
      isComponent: true,
      componentRecords: ['c'],
    });
    expect(problems([entity(), person(), rel])).toEqual([
      [
        2,
        'recordDetails.componentRecords',
        '«recordDetails.componentRecords»: رابطهٔ جزء (isComponent = true) نباید componentRecords داشته باشد',
      ],
    ]);
  });

  it('references are read only from relationships, and from details that are an object', () => {
    // an entity's stray "subject" is not a reference
    expect(parsed([entity('c', { subject: 'nowhere', interestedParty: 'nobody' })]).entities).toHaveLength(1);
    expect(problems([entity(), relationship('r', 'c', 'c', undefined, {}, { recordDetails: null })])).toEqual(
      [[1, 'recordDetails', '«recordDetails» باید شیء JSON باشد؛ آمده: null']],
    );
  });
});

describe('the interests read', () => {
  it('a relationship without interests gives no rows', () => {
    expect(parsed([entity(), person(), relationship('r', 'c', 'p', undefined)]).interests).toEqual([]);
  });

  it('names the kind of the interested party, and no unspecified party for a known one', () => {
    const p = parsed([
      entity('c'),
      entity('h'),
      person('p'),
      relationship('r1', 'c', 'h', [holding({ exact: 10 })]),
      relationship('r2', 'c', 'p', [holding({ exact: 20 })], { componentRecords: ['r1'] }),
    ]);
    expect(
      p.interests.map((i) => [i.interestedParty, i.interestedPartyKind, i.interestedPartyUnspecified]),
    ).toEqual([
      ['h', 'entity', null],
      ['p', 'person', null],
    ]);
    expect(p.interests.map((i) => i.componentRecords)).toEqual([[], ['r1']]);
  });
});

describe('a record stated more than once', () => {
  it('the statement of the same date given later in the package wins', () => {
    const p = parsed([entity('c', { name: 'First' }), entity('c', { name: 'Second' })]);
    expect(p.entities.map((e) => e.name)).toEqual(['Second']);
  });

  it('statement dates compare as times: a date-time against a date, at its offset', () => {
    const atTen = entity('c', { name: 'at ten' }, { statementDate: '2021-01-01T10:00:00Z' });
    const midnight = entity('c', { name: 'midnight' }, { statementDate: '2021-01-01' });
    // 2021-01-01T02:00+03:30 is 2020-12-31T22:30Z, before midnight UTC of the first
    const early = entity('c', { name: 'early' }, { statementDate: '2021-01-01T02:00:00+03:30' });
    expect(parsed([midnight, atTen]).entities[0]!.name).toBe('at ten');
    expect(parsed([atTen, midnight]).entities[0]!.name).toBe('at ten');
    expect(parsed([midnight, early]).entities[0]!.name).toBe('midnight');
  });

  it('a closing statement dated with a time ends the interests on its day', () => {
    const rel = (extra: Json) =>
      relationship('r', 'c', 'p', [holding({ exact: 10 }, { startDate: '2020-01-01' })], {}, extra);
    const p = parsed([
      entity(),
      person(),
      rel({}),
      rel({ statementDate: '2022-06-30T15:00:00Z', recordStatus: 'closed' }),
    ]);
    expect(p.interests.map((i) => [i.startDate, i.endDate])).toEqual([['2020-01-01', '2022-06-30']]);
  });

  it('a closing statement dated before an interest began ends it on its start', () => {
    const rel = (extra: Json) =>
      relationship('r', 'c', 'p', [holding({ exact: 10 }, { startDate: '2023-01-01' })], {}, extra);
    const p = parsed([
      entity(),
      person(),
      rel({}),
      rel({ statementDate: '2022-06-30', recordStatus: 'closed' }),
    ]);
    expect(p.interests.map((i) => [i.startDate, i.endDate])).toEqual([['2023-01-01', '2023-01-01']]);
  });
});

describe('holdings', () => {
  const rows = (interests: Json[]) =>
    bodsHoldings(parsed([entity(), person(), relationship('r', 'c', 'p', interests)]));

  it('a declared 0% holds nothing; an unknown share is a row without a figure', () => {
    expect(rows([holding({ exact: 0 }), holding(undefined)]).direct).toEqual([
      { holder: 'p', company: 'c', share: null, validFrom: null, validTo: null },
    ]);
  });

  it('an interest whose directness is not stated is neither direct nor declared indirect', () => {
    const h = rows([
      holding({ exact: 30 }, { directOrIndirect: 'unknown' }),
      holding({ exact: 40 }, { directOrIndirect: undefined }),
    ]);
    expect(h.direct).toEqual([]);
    expect(h.declaredIndirect).toEqual([]);
    expect(h.unknownDirectness.map((r) => r.share)).toEqual([0.3, 0.4]);
  });

  it('only shareholding is ownership: voting rights and an interest without a type are not', () => {
    const h = rows([
      holding({ exact: 30 }, { type: 'votingRights' }),
      holding({ exact: 40 }, { type: undefined }),
      holding({ exact: 50 }),
    ]);
    expect([...h.direct, ...h.declaredIndirect, ...h.unknownDirectness].map((r) => r.share)).toEqual([0.5]);
  });
});

describe('export', () => {
  const OPTIONS = { publisher: 'P', publicationDate: '2025-03-21' };

  it('refuses publication and statement dates that BODS does not accept', () => {
    const empty: BodsExportInput = { entities: [], persons: [], interests: [] };
    expect(() => exportBodsPackage(empty, { ...OPTIONS, publicationDate: '2025-02-30' })).toThrow(
      new RangeError('BODS dates must be YYYY-MM-DD or RFC 3339: 2025-02-30, 2025-02-30'),
    );
    expect(() => exportBodsPackage(empty, { ...OPTIONS, statementDate: '21/03/2025' })).toThrow(
      new RangeError('BODS dates must be YYYY-MM-DD or RFC 3339: 2025-03-21, 21/03/2025'),
    );
    expect(exportBodsPackage(empty, { ...OPTIONS, statementDate: '2025-03-20T08:00:00Z' })).toEqual([]);
  });

  it('writes a person without ids, identifiers or nationalities, and leaves out what is absent', () => {
    const out = exportBodsPackage(
      {
        entities: [{ recordId: 'c', name: null, entityType: 'registeredEntity' }],
        persons: [{ name: 'Ali', personType: 'knownPerson' }],
        interests: [],
      },
      OPTIONS,
    ) as Json[];
    expect(out[1]!.recordId).toMatch(/^nazer-person-[0-9a-f]{16}$/);
    expect(out[1]!.recordDetails).toStrictEqual({
      isComponent: false,
      personType: 'knownPerson',
      names: [{ fullName: 'Ali' }],
    });
    expect(out[0]!.recordDetails).toStrictEqual({
      isComponent: false,
      entityType: { type: 'registeredEntity' },
    });
    expect(parsed(out).persons[0]).toMatchObject({ name: 'Ali', identifiers: [], nationalities: [] });
  });

  it('an undisclosed party without a reason is written as unknown; parties with different reasons are apart', () => {
    const row = (interestedPartyUnspecified?: Json) => ({
      subject: 'c',
      interestedParty: null,
      ...(interestedPartyUnspecified ? { interestedPartyUnspecified } : {}),
      type: 'shareholding' as const,
      direct: 'direct' as const,
      share: 0.1,
    });
    const out = exportBodsPackage(
      {
        entities: [{ recordId: 'c', name: 'C', entityType: 'registeredEntity' }],
        persons: [],
        interests: [
          row(),
          row({ reason: 'subjectExemptFromDisclosure', description: null }),
          row({ reason: 'subjectExemptFromDisclosure', description: null }),
          row({ reason: 'noBeneficialOwners', description: 'none' }),
        ] as BodsExportInput['interests'],
      },
      OPTIONS,
    ) as Json[];
    const rels = out.filter((s) => s.recordType === 'relationship');
    expect(rels.map((s) => [s.recordDetails.interestedParty, s.recordDetails.interests.length])).toEqual([
      [{ reason: 'unknown' }, 1],
      [{ reason: 'subjectExemptFromDisclosure' }, 2],
      [{ reason: 'noBeneficialOwners', description: 'none' }, 1],
    ]);
  });

  it('writes component relationships before the primary ones, whatever their order', () => {
    const out = exportBodsPackage(
      {
        entities: [
          { recordId: 'a', name: 'A', entityType: 'registeredEntity' },
          { recordId: 'b', name: 'B', entityType: 'registeredEntity' },
        ],
        persons: [{ recordId: 'p', name: 'P', personType: 'knownPerson' }],
        interests: [
          {
            relationshipRecordId: 'primary',
            subject: 'a',
            interestedParty: 'p',
            type: 'shareholding',
            direct: 'indirect',
            share: 0.5,
            componentRecords: ['part1', 'part2'],
          },
          {
            relationshipRecordId: 'part1',
            subject: 'b',
            interestedParty: 'p',
            type: 'shareholding',
            direct: 'direct',
            share: 1,
            isComponent: true,
          },
          {
            relationshipRecordId: 'part2',
            subject: 'a',
            interestedParty: 'b',
            type: 'shareholding',
            direct: 'direct',
            share: 0.5,
            isComponent: true,
          },
        ],
      },
      OPTIONS,
    ) as Json[];
    expect(out.map((s) => s.recordId)).toEqual(['a', 'b', 'p', 'part1', 'part2', 'primary']);
    expect(parsed(out).interests.map((i) => i.relationshipRecordId)).toEqual(['part1', 'part2', 'primary']);
  });
});

describe('export: ids and grouping', () => {
  const OPTIONS = { publisher: 'P', publicationDate: '2025-03-21' };
  const company = (name: string) => ({ name, entityType: 'registeredEntity' as const });

  it('writes a nationality of two letters as a code, another as a name', () => {
    const out = exportBodsPackage(
      {
        entities: [],
        persons: [
          { recordId: 'p', name: 'P', personType: 'knownPerson', nationalities: ['IR', 'Kurdistan'] },
        ],
        interests: [],
      },
      OPTIONS,
    ) as Json[];
    expect(out[0]!.recordDetails.nationalities).toStrictEqual([
      { name: 'IR', code: 'IR' },
      { name: 'Kurdistan' },
    ]);
  });

  it('groups interests whose component flags and lists are absent or empty into one relationship', () => {
    const row = {
      subject: 'c',
      interestedParty: 'p',
      type: 'shareholding' as const,
      direct: 'direct' as const,
    };
    const out = exportBodsPackage(
      {
        entities: [{ recordId: 'c', ...company('C') }],
        persons: [{ recordId: 'p', name: 'P', personType: 'knownPerson' }],
        interests: [
          { ...row, share: 0.1 },
          { ...row, share: 0.2, isComponent: false, componentRecords: [] },
        ],
      },
      OPTIONS,
    ) as Json[];
    expect(
      out.filter((s) => s.recordType === 'relationship').map((s) => s.recordDetails.interests.length),
    ).toEqual([2]);
  });

  it('generated ids have a fixed width, and stay the same from one release to the next', () => {
    // a BODS recordId is the persistent id of a record: the same content must get the same id
    const out = exportBodsPackage(
      { entities: Array.from({ length: 100 }, (_, k) => company(`شرکت ${k}`)), persons: [], interests: [] },
      OPTIONS,
    ) as Json[];
    for (const s of out) {
      expect(s.recordId).toMatch(/^nazer-entity-[0-9a-f]{16}$/);
      expect(s.statementId).toMatch(/^nazer-[0-9a-f]{32}$/);
    }
    expect(new Set(out.map((s) => s.recordId)).size).toBe(100);
    expect([out[0]!.recordId, out[0]!.statementId]).toEqual([
      'nazer-entity-8fabaa956866c40d',
      'nazer-249d5e33f85f21ce14ff127978615b52',
    ]);
  });
});
