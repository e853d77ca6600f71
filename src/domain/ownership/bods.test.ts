import { readFileSync } from 'node:fs';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  BODS_DIRECTNESS,
  BODS_ENTITY_TYPES,
  BODS_INTEREST_TYPES,
  BODS_PERSON_TYPES,
  BODS_UNSPECIFIED_REASONS,
  type BodsError,
  type BodsExportInput,
  type BodsPackage,
  bodsHoldings,
  exportBodsPackage,
  parseBodsPackage,
} from './bods.ts';
import { buildOwnershipGraph } from './graph.ts';

/** The examples of openownership/data-standard (data/SOURCES.md, "bods/"). */
const example = (name: string): Record<string, any>[] =>
  JSON.parse(readFileSync(new URL(`../../../data/bods/${name}`, import.meta.url), 'utf8'));
const EXAMPLES = [
  'bods-package.json',
  'mixed-direct-and-indirect-ownership.json',
  'bods-package-fi-soe.json',
];

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

const OPTIONS = { publisher: 'سامانهٔ ناظر', publicationDate: '2025-03-21' };
/** Interests of one relationship keep their order; relationships may come in another order. */
const sorted = (p: BodsPackage) => ({
  ...p,
  interests: [...p.interests].sort((a, b) => a.relationshipRecordId.localeCompare(b.relationshipRecordId)),
});
const roundTrip = (p: BodsPackage) => parsed(exportBodsPackage(p, OPTIONS));
/** The holdings as a graph: rows in any order. */
const holdingsGraph = (p: BodsPackage) => {
  const rows = (list: object[]) => list.map((r) => JSON.stringify(r)).sort();
  const h = bodsHoldings(p);
  return { direct: rows(h.direct), indirect: rows(h.declaredIndirect), unknown: rows(h.unknownDirectness) };
};
const PERSIAN = /[\u0600-\u06FF]/;

// Each test parses anew: a package parsed while the tests are collected would not see a mutant
// (mutation testing activates it for the tests that run).
describe('the fi-soe example (a state-owned enterprise)', () => {
  const load = () => parsed(example('bods-package-fi-soe.json'));
  const GASGRID = '19f1c5afe9d7';
  const KAASUVERKKO = '0199c515a699';
  const MINISTRY = '7ff95ba3682c';
  const REPUBLIC = '05ce06ec97b1';
  const find = (p: BodsPackage, subject: string, party: string) =>
    p.interests.filter((i) => i.subject === subject && i.interestedParty === party);

  it('reads the four entities, the state and the state body marked', () => {
    const p = load();
    expect(p.persons).toEqual([]);
    expect(p.entities.map((e) => [e.recordId, e.name, e.entityType, e.isState])).toEqual([
      [GASGRID, 'Gasgrid Finland Oy', 'registeredEntity', false],
      [KAASUVERKKO, 'Suomen Kaasuverkko Oy', 'registeredEntity', false],
      [MINISTRY, 'Valtiovarainministerio', 'stateBody', true],
      [REPUBLIC, 'Suomen tasavalta', 'state', true],
    ]);
    expect(p.entities[0]).toMatchObject({
      statementId: 'xregi-es-00002247037980570744606',
      identifiers: [{ scheme: 'FI-PRO', schemeName: null, id: '3007894-1' }],
      jurisdiction: 'FI',
      jurisdictionName: 'Finland',
      foundingDate: '2020-01-01',
      isComponent: false,
    });
    expect(p.entities[2]).toMatchObject({ entitySubtype: 'governmentDepartment', foundingDate: null });
  });

  it('reads the percentages as fractions, direct and indirect', () => {
    const p = load();
    expect(p.interests).toHaveLength(5);
    expect(find(p, KAASUVERKKO, MINISTRY)).toMatchObject([
      { type: 'shareholding', direct: 'direct', share: 1 },
    ]);
    expect(find(p, GASGRID, KAASUVERKKO)).toMatchObject([
      { type: 'shareholding', direct: 'direct', share: 0.765, startDate: '2020-01-01', endDate: null },
    ]);
    expect(find(p, GASGRID, MINISTRY)).toMatchObject([
      { type: 'shareholding', direct: 'direct', share: 0.235 },
    ]);
    expect(find(p, MINISTRY, REPUBLIC)).toMatchObject([
      { type: 'otherInfluenceOrControl', direct: 'direct', share: null, shareMin: null, shareMax: null },
    ]);
    expect(find(p, GASGRID, REPUBLIC)).toEqual([
      {
        relationshipRecordId: 'e8ddaee2a7a4',
        statementId: 'xregi-oocs-00005576684893527244606',
        subject: GASGRID,
        interestedParty: REPUBLIC,
        interestedPartyKind: 'entity',
        interestedPartyUnspecified: null,
        type: 'shareholding',
        details: null,
        direct: 'indirect',
        beneficialOwnershipOrControl: false,
        share: 1,
        shareMin: null,
        shareMax: null,
        shareMinExclusive: false,
        shareMaxExclusive: false,
        startDate: '2020-01-01',
        endDate: null,
        isComponent: false,
        componentRecords: [
          KAASUVERKKO,
          MINISTRY,
          '87ed6d1daf8f',
          'e34164e75ac3',
          '10643ee6d6fa',
          '324d0f570675',
        ],
      },
    ]);
  });

  it('gives the direct holdings to the graph and keeps the declared indirect 100% apart', () => {
    const h = bodsHoldings(load());
    expect(h.direct).toEqual([
      { holder: KAASUVERKKO, company: GASGRID, share: 0.765, validFrom: '2020-01-01', validTo: null },
      { holder: MINISTRY, company: KAASUVERKKO, share: 1, validFrom: '2020-01-01', validTo: null },
      { holder: MINISTRY, company: GASGRID, share: 0.235, validFrom: '2020-01-01', validTo: null },
    ]);
    expect(h.declaredIndirect).toEqual([
      { holder: REPUBLIC, company: GASGRID, share: 1, validFrom: '2020-01-01', validTo: null },
    ]);
    expect(h.unknownDirectness).toEqual([]);
    // the ministry holds Gasgrid 23.5% directly and 100% · 76.5% through Kaasuverkko: all of it
    expect(buildOwnershipGraph(h.direct).ok).toBe(true);
    expect(0.235 + 1 * 0.765).toBeCloseTo(1, 15);
  });
});

describe('the mixed direct and indirect example', () => {
  const load = () => parsed(example('mixed-direct-and-indirect-ownership.json'));

  it('reads the two companies and the person', () => {
    const p = load();
    expect(p.entities.map((e) => e.name)).toEqual(['Company A', 'Company B']);
    expect(p.persons).toEqual([
      {
        recordId: '53508b65253f',
        statementId: '6eea4b19-de06-46f2-aa3d-4e346ed3a7c2',
        name: 'Person 1',
        personType: 'knownPerson',
        identifiers: [],
        nationalities: ['GB'],
        isComponent: false,
      },
    ]);
  });

  it('reads 50% through Company B and 50% direct, and an interest without a type', () => {
    const p = load();
    expect(
      p.interests.map((i) => [
        i.relationshipRecordId,
        i.interestedPartyKind,
        i.type,
        i.direct,
        i.share,
        i.startDate,
      ]),
    ).toEqual([
      ['07f0f7024a92', 'entity', 'shareholding', 'direct', 0.5, '2017-11-01'],
      ['acdf30ece808', 'person', null, 'unknown', null, null],
      ['f5a45a6daf31', 'person', 'shareholding', 'indirect', 0.5, '2017-11-01'],
      ['f5a45a6daf31', 'person', 'shareholding', 'direct', 0.5, '2019-05-01'],
    ]);
    expect(p.interests[1]).toMatchObject({ beneficialOwnershipOrControl: true, isComponent: true });
    expect(p.interests[2]!.componentRecords).toEqual(['ec61aeda7141', 'acdf30ece808', '07f0f7024a92']);
  });

  it('splits the holdings', () => {
    const h = bodsHoldings(load());
    expect(h.direct.map((r) => [r.holder, r.company, r.share, r.validFrom])).toEqual([
      ['ec61aeda7141', '9bfe59b6a869', 0.5, '2017-11-01'],
      ['53508b65253f', '9bfe59b6a869', 0.5, '2019-05-01'],
    ]);
    expect(h.declaredIndirect.map((r) => [r.holder, r.company, r.share])).toEqual([
      ['53508b65253f', '9bfe59b6a869', 0.5],
    ]);
  });
});

describe('the simple example', () => {
  it('reads one person holding 100% directly', () => {
    const p = parsed(example('bods-package.json'));
    expect(p.entities).toMatchObject([
      { recordId: 'c359f58d2977', name: 'Profitech Ltd', foundingDate: '2019-09-03', jurisdiction: null },
    ]);
    expect(p.persons).toMatchObject([
      { name: 'Jennifer Hewitson-Smith', personType: 'knownPerson', nationalities: ['GB'] },
    ]);
    expect(p.interests).toMatchObject([
      {
        subject: 'c359f58d2977',
        interestedParty: '10478c6cf6de',
        interestedPartyKind: 'person',
        type: 'shareholding',
        direct: 'direct',
        beneficialOwnershipOrControl: true,
        share: 1,
        startDate: '2016-04-06',
      },
    ]);
  });
});

describe('round trip', () => {
  it.each(EXAMPLES)('%s: import, export, import gives the same package and holdings', (name) => {
    const first = parsed(example(name));
    const exported = exportBodsPackage(first, OPTIONS);
    const again = parsed(exported);
    expect(sorted(again)).toEqual(sorted(first));
    expect(holdingsGraph(again)).toEqual(holdingsGraph(first));
    expect(exportBodsPackage(again, OPTIONS)).toEqual(exported);
  });

  it('writes BODS 0.4 statements, components before the primary relationship', () => {
    const out = exportBodsPackage(parsed(example('bods-package-fi-soe.json')), OPTIONS) as Record<
      string,
      any
    >[];
    expect(out).toHaveLength(9);
    for (const s of out) {
      expect(s.publicationDetails).toEqual({
        publicationDate: '2025-03-21',
        bodsVersion: '0.4',
        publisher: { name: 'سامانهٔ ناظر' },
      });
      expect(s.recordStatus).toBe('new');
    }
    const kinds = out.map((s) => s.recordType);
    expect(kinds).toEqual([...Array(4).fill('entity'), ...Array(5).fill('relationship')]);
    expect(out.at(-1)!.recordId).toBe('e8ddaee2a7a4');
    expect(out.find((s) => s.recordId === '87ed6d1daf8f')!.recordDetails.interests).toEqual([
      {
        type: 'shareholding',
        directOrIndirect: 'direct',
        beneficialOwnershipOrControl: false,
        share: { exact: 76.5 },
        startDate: '2020-01-01',
      },
    ]);
  });
});

describe('export of the product rows', () => {
  const model: BodsExportInput = {
    entities: [
      {
        recordId: 'nazer-legal-1',
        name: 'وزارت امور اقتصادی و دارایی',
        entityType: 'stateBody',
        entitySubtype: 'governmentDepartment',
        jurisdiction: 'IR',
      },
      {
        recordId: 'nazer-legal-12',
        name: 'شرکت نمونه',
        entityType: 'registeredEntity',
        identifiers: [{ scheme: 'IR-NID', schemeName: null, id: '10100000001' }],
      },
      { name: 'شرکتی بی‌شناسه', entityType: 'registeredEntity' },
    ],
    persons: [
      { recordId: 'nazer-true-7', name: 'علی رضایی', personType: 'knownPerson', nationalities: ['IR'] },
    ],
    interests: [
      {
        subject: 'nazer-legal-12',
        interestedParty: 'nazer-legal-1',
        type: 'shareholding',
        direct: 'direct',
        share: 0.07,
        startDate: '2020-03-20',
      },
      {
        subject: 'nazer-legal-12',
        interestedParty: 'nazer-legal-1',
        type: 'shareholding',
        direct: 'indirect',
        share: 0.1,
      },
      {
        subject: 'nazer-legal-12',
        interestedParty: 'nazer-true-7',
        type: 'shareholding',
        direct: 'direct',
        share: null,
        shareMin: 0.25,
        shareMax: 0.5,
        shareMaxExclusive: true,
      },
    ],
  };
  const exported = () => exportBodsPackage(model, OPTIONS) as Record<string, any>[];

  it('generates deterministic, distinct ids of 32–64 characters', () => {
    const out = exported();
    expect(exportBodsPackage(model, OPTIONS)).toEqual(out);
    const ids = out.map((s) => s.statementId as string);
    for (const id of ids) expect(id.length).toBeGreaterThanOrEqual(32);
    for (const id of ids) expect(id.length).toBeLessThanOrEqual(64);
    expect(new Set(ids).size).toBe(ids.length);
    expect(out[2]!.recordId).toMatch(/^nazer-entity-[0-9a-f]{16}$/);
    // a different publication is a different statement
    expect(exportBodsPackage(model, { ...OPTIONS, publicationDate: '2025-03-22' })[0]!.statementId).not.toBe(
      ids[0],
    );
  });

  it('writes percentages without float noise and an unknown share as a range or nothing', () => {
    const out = exported();
    const rels = out.filter((s) => s.recordType === 'relationship');
    expect(rels).toHaveLength(2);
    expect(rels[0]!.recordDetails.interests.map((i: any) => [i.directOrIndirect, i.share])).toEqual([
      ['direct', { exact: 7 }],
      ['indirect', { exact: 10 }],
    ]);
    expect(rels[1]!.recordDetails.interests[0].share).toEqual({ minimum: 25, exclusiveMaximum: 50 });
    expect(rels[0]!.declarationSubject).toBe('nazer-legal-12');
  });

  it('is accepted by the import, with the shares it was given', () => {
    const p = parsed(exported());
    expect(p.entities[0]).toMatchObject({ isState: true, jurisdiction: 'IR', jurisdictionName: 'IR' });
    expect(p.interests.map((i) => [i.interestedParty, i.direct, i.share, i.shareMin, i.shareMax])).toEqual([
      ['nazer-legal-1', 'direct', 0.07, null, null],
      ['nazer-legal-1', 'indirect', 0.1, null, null],
      ['nazer-true-7', 'direct', null, 0.25, 0.5],
    ]);
    expect(p.interests[2]).toMatchObject({ shareMinExclusive: false, shareMaxExclusive: true });
    expect(bodsHoldings(p).direct.map((h) => h.share)).toEqual([0.07, null]);
  });
});

describe('records stated more than once', () => {
  const base = example('bods-package.json');
  const later = (s: Record<string, any>, changes: Record<string, any>, id: string) => ({
    ...structuredClone(s),
    statementId: id.padEnd(32, '0'),
    ...changes,
  });

  it('take their latest statement, and a closed relationship ends on the closing date', () => {
    const [entity, person, rel] = base;
    const renamed = later(
      entity!,
      {
        statementDate: '2021-01-01',
        recordStatus: 'updated',
        recordDetails: { ...entity!.recordDetails, name: 'Profitech Holdings Ltd' },
      },
      'renamed',
    );
    const closed = later(rel!, { statementDate: '2022-06-30', recordStatus: 'closed' }, 'closed');
    // an older statement given after the newer one does not win
    const stale = later(entity!, { statementDate: '2019-01-01', recordStatus: 'updated' }, 'stale');
    const p = parsed([entity, person, rel, renamed, closed, stale]);
    expect(p.entities).toMatchObject([
      { name: 'Profitech Holdings Ltd', statementId: 'renamed'.padEnd(32, '0') },
    ]);
    expect(p.interests).toMatchObject([{ share: 1, startDate: '2016-04-06', endDate: '2022-06-30' }]);
    expect(bodsHoldings(p).direct[0]).toMatchObject({ validFrom: '2016-04-06', validTo: '2022-06-30' });
  });

  it('keep an endDate that the closing statement gives', () => {
    const [entity, person, rel] = base;
    const details = structuredClone(rel!.recordDetails);
    details.interests[0].endDate = '2021-12-31';
    const closed = later(
      rel!,
      { statementDate: '2022-06-30', recordStatus: 'closed', recordDetails: details },
      'c',
    );
    expect(parsed([entity, person, rel, closed]).interests[0]!.endDate).toBe('2021-12-31');
  });
});

describe('an unspecified interested party', () => {
  it('is kept as null with its reason, and round-trips', () => {
    const [entity, , rel] = example('bods-package.json');
    rel!.recordDetails.interestedParty = { reason: 'subjectExemptFromDisclosure', description: 'معاف' };
    const p = parsed([entity, rel]);
    expect(p.interests[0]).toMatchObject({
      interestedParty: null,
      interestedPartyKind: null,
      interestedPartyUnspecified: { reason: 'subjectExemptFromDisclosure', description: 'معاف' },
    });
    expect(bodsHoldings(p).direct).toEqual([]);
    expect(roundTrip(p)).toEqual(p);
  });
});

describe('broken statements', () => {
  it('are refused, every problem listed with the statement id, the path and a Persian reason', () => {
    const s = example('mixed-direct-and-indirect-ownership.json');
    s[0]!.publicationDetails.bodsVersion = '0.3';
    delete s[2]!.statementId;
    s[3]!.recordDetails.interests[0].share.exact = 150;
    s[4]!.recordDetails.interestedParty = 'missing-record';
    s[5]!.recordDetails.interests[1].directOrIndirect = 'sideways';
    s.push({
      ...structuredClone(s[1]!),
      statementId: 'x'.repeat(32),
      recordId: 'other',
      recordType: 'company',
    });
    const errors = refused(s);
    expect(errors.map((e) => [e.index, e.statementId, e.path])).toEqual([
      [0, '4fa965df-63a5-48c7-9a2f-7b058981fe60', 'publicationDetails.bodsVersion'],
      [2, null, 'statementId'],
      [3, '30f1cb63-d849-4550-b6cd-2a6b7268d0cb', 'recordDetails.interests[0].share.exact'],
      [4, 'f500210d-c8b0-4f74-9bbd-ca762724d0e8', 'recordDetails.interestedParty'],
      [5, 'fffad4d7-8263-4dbc-a300-8976bed7790c', 'recordDetails.interests[1].directOrIndirect'],
      [6, 'x'.repeat(32), 'recordType'],
    ]);
    for (const e of errors) expect(e.reason).toMatch(PERSIAN);
    expect(errors[0]!.reason).toContain('0.4');
    expect(errors[1]!.reason).toContain('نیامده');
    expect(errors[2]!.reason).toContain('150');
    expect(errors[3]!.reason).toContain('missing-record');
    expect(errors[4]!.reason).toContain('sideways');
    expect(errors[5]!.reason).toContain('company');
  });

  it.each([
    ['an object', { statements: [] }],
    ['null', null],
    ['a string', '[]'],
  ])('a package that is %s is one error with no statement id', (_, input) => {
    const errors = refused(input);
    expect(errors).toHaveLength(1);
    expect(errors[0]).toMatchObject({ statementId: null, index: -1, path: '' });
    expect(errors[0]!.reason).toMatch(PERSIAN);
  });

  const simple = () => example('bods-package.json');
  const only = (input: unknown) => refused(input).map((e) => [e.index, e.path, e.reason]);

  it('a relationship to a record that is not in the package', () => {
    const [entity, , rel] = simple();
    expect(only([entity, rel])).toEqual([
      [1, 'recordDetails.interestedParty', expect.stringContaining('10478c6cf6de')],
    ]);
  });

  it('a subject that is a person, or unspecified', () => {
    const [entity, person, rel] = simple();
    rel!.recordDetails.subject = '10478c6cf6de';
    expect(only([entity, person, rel])).toEqual([
      [2, 'recordDetails.subject', expect.stringContaining('person')],
    ]);
    rel!.recordDetails.subject = { reason: 'unknown' };
    expect(only([entity, person, rel])).toEqual([
      [2, 'recordDetails.subject', expect.stringMatching(PERSIAN)],
    ]);
  });

  it('a component relationship with components, and components that are missing', () => {
    const [entity, person, rel] = simple();
    rel!.recordDetails.isComponent = true;
    rel!.recordDetails.componentRecords = ['nowhere'];
    expect(only([entity, person, rel]).map((e) => e[1])).toEqual([
      'recordDetails.componentRecords',
      'recordDetails.componentRecords[0]',
    ]);
  });

  it('a duplicate statement id, a record with two types, an impossible date, a short id', () => {
    const [entity, person, rel] = simple();
    const twin = { ...structuredClone(person!), recordType: 'entity', recordDetails: entity!.recordDetails };
    rel!.recordDetails.interests[0].startDate = '2021-02-30';
    entity!.statementId = 'short';
    expect(only([entity, person, rel, twin])).toEqual([
      [0, 'statementId', expect.stringContaining('32')],
      [2, 'recordDetails.interests[0].startDate', expect.stringContaining('2021-02-30')],
      [3, 'statementId', expect.stringContaining('تکراری')],
      [3, 'recordType', expect.stringContaining('person')],
    ]);
  });

  it('a subtype the entity type does not admit, missing required fields, a reversed range', () => {
    const [entity, person, rel] = simple();
    entity!.recordDetails.entityType.subtype = 'governmentDepartment';
    delete person!.recordDetails.personType;
    delete person!.publicationDetails;
    rel!.recordDetails.interests[0].share = { minimum: 60, maximum: 40 };
    expect(only([entity, person, rel])).toEqual([
      [0, 'recordDetails.entityType.subtype', expect.stringContaining('governmentDepartment')],
      [1, 'publicationDetails', expect.stringContaining('نیامده')],
      [1, 'recordDetails.personType', expect.stringContaining('نیامده')],
      [2, 'recordDetails.interests[0].share', expect.stringMatching(PERSIAN)],
    ]);
  });

  it('a statement that is not an object', () => {
    expect(only([42])).toEqual([[0, '', expect.stringContaining('شیء')]]);
  });
});

// ---------------------------------------------------------------------------------------------
// Property: random valid packages round-trip

const day = fc
  .integer({ min: Date.UTC(1990, 0, 1), max: Date.UTC(2030, 11, 31) })
  .map((t) => new Date(t).toISOString().slice(0, 10));
const percent = fc.integer({ min: 0, max: 1_000_000 }).map((n) => n / 10_000);
const opt = <T>(a: fc.Arbitrary<T>) => fc.option(a, { nil: undefined });
const text = fc.string({ maxLength: 12 });

const shareArb = fc.oneof(
  fc.constant(undefined),
  percent.map((exact) => ({ exact })),
  fc.tuple(percent, percent, fc.boolean(), fc.boolean()).map(([a, b, ex1, ex2]) => ({
    [ex1 ? 'exclusiveMinimum' : 'minimum']: Math.min(a, b),
    [ex2 ? 'exclusiveMaximum' : 'maximum']: Math.max(a, b),
  })),
);
const interestArb = fc
  .record({
    type: opt(fc.constantFrom(...BODS_INTEREST_TYPES)),
    directOrIndirect: opt(fc.constantFrom(...BODS_DIRECTNESS)),
    beneficialOwnershipOrControl: opt(fc.boolean()),
    details: opt(text),
    share: shareArb,
    dates: fc.tuple(opt(day), opt(day)),
  })
  .map(({ dates: [a, b], ...i }) => ({
    ...i,
    startDate: a && b && b < a ? b : a,
    endDate: a && b && b < a ? a : b,
  }));
const entityArb = fc.record({
  isComponent: fc.boolean(),
  entityType: fc.constantFrom(...BODS_ENTITY_TYPES).map((type) => ({ type })),
  name: opt(text),
  jurisdiction: opt(fc.record({ name: text, code: opt(fc.constantFrom('IR', 'FI', 'GB', 'IR-23')) })),
  identifiers: opt(fc.array(fc.record({ scheme: fc.constantFrom('IR-NID', 'GB-COH'), id: opt(text) }))),
  foundingDate: opt(day),
  renamed: opt(text),
});
const personArb = fc.record({
  isComponent: fc.boolean(),
  personType: fc.constantFrom(...BODS_PERSON_TYPES),
  names: opt(
    fc.array(fc.record({ fullName: text, givenName: opt(text), familyName: opt(text) }), { maxLength: 2 }),
  ),
  nationalities: opt(
    fc.array(fc.record({ name: text, code: opt(fc.constantFrom('IR', 'FI')) }), { maxLength: 2 }),
  ),
});
const relationshipArb = fc.record({
  subject: fc.nat(),
  party: fc.option(fc.nat(), { nil: null }),
  partyIsPerson: fc.boolean(),
  unspecified: fc.record({ reason: fc.constantFrom(...BODS_UNSPECIFIED_REASONS), description: opt(text) }),
  isComponent: fc.boolean(),
  components: fc.array(fc.nat(), { maxLength: 3 }),
  interests: fc.array(interestArb, { minLength: 1, maxLength: 3 }),
  closedOn: opt(day),
});

const packageArb = fc
  .record({
    entities: fc.array(entityArb, { minLength: 1, maxLength: 5 }),
    persons: fc.array(personArb, { maxLength: 3 }),
    relationships: fc.array(relationshipArb, { maxLength: 6 }),
  })
  .map(({ entities, persons, relationships }) => {
    let n = 0;
    const statement = (recordId: string, recordType: string, details: object, extra: object = {}) => ({
      statementId: `s-${String(n++).padStart(30, '0')}`,
      declarationSubject: 'e0',
      statementDate: '2020-01-01',
      publicationDetails: { publicationDate: '2020-01-02', bodsVersion: '0.4', publisher: { name: 'P' } },
      recordId,
      recordStatus: 'new',
      recordType,
      recordDetails: details,
      ...extra,
    });
    const out: object[] = [];
    const ids: string[] = [];
    entities.forEach(({ renamed, ...e }, k) => {
      ids.push(`e${k}`);
      out.push(statement(`e${k}`, 'entity', e));
      if (renamed !== undefined)
        out.push(
          statement(
            `e${k}`,
            'entity',
            { ...e, name: renamed },
            { statementDate: '2021-01-01', recordStatus: 'updated' },
          ),
        );
    });
    persons.forEach((p, k) => {
      ids.push(`p${k}`);
      out.push(statement(`p${k}`, 'person', p));
    });
    relationships.forEach((r, k) => {
      const party =
        r.party === null
          ? r.unspecified
          : r.partyIsPerson && persons.length
            ? `p${r.party % persons.length}`
            : `e${r.party % entities.length}`;
      const details = {
        isComponent: r.isComponent,
        componentRecords: r.isComponent ? [] : r.components.map((c) => ids[c % ids.length]),
        subject: `e${r.subject % entities.length}`,
        interestedParty: party,
        interests: r.interests,
      };
      ids.push(`r${k}`);
      out.push(statement(`r${k}`, 'relationship', details));
      if (r.closedOn)
        out.push(
          statement(`r${k}`, 'relationship', details, { statementDate: r.closedOn, recordStatus: 'closed' }),
        );
    });
    return JSON.parse(JSON.stringify(out)) as unknown[];
  });

describe('random valid packages', () => {
  it('are accepted, and import → export → import gives the same package and holdings', () => {
    fc.assert(
      fc.property(packageArb, (statements) => {
        const first = parsed(statements);
        const again = roundTrip(first);
        expect(sorted(again)).toEqual(sorted(first));
        expect(holdingsGraph(again)).toEqual(holdingsGraph(first));
      }),
      { numRuns: 300 },
    );
  });

  it('export any fraction so that a second round trip changes nothing', () => {
    fc.assert(
      fc.property(fc.double({ min: 0, max: 1, noNaN: true }), (share) => {
        const model: BodsExportInput = {
          entities: [
            { recordId: 'a', name: 'A', entityType: 'registeredEntity' },
            { recordId: 'b', name: 'B', entityType: 'registeredEntity' },
          ],
          persons: [],
          interests: [{ subject: 'a', interestedParty: 'b', type: 'shareholding', direct: 'direct', share }],
        };
        const once = parsed(exportBodsPackage(model, OPTIONS));
        expect(Math.abs(once.interests[0]!.share! - share)).toBeLessThanOrEqual(1e-15);
        expect(roundTrip(once)).toEqual(once);
      }),
      { numRuns: 500 },
    );
  });
});
