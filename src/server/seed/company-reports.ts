import { count, sql } from 'drizzle-orm';
import { CODAL_KINDS } from '../../contract/company-reports.ts';
import { parseJalaliDate } from '../../domain/jalali.ts';
import { toPersianDigits } from '../../domain/persian-text.ts';
import type { Db } from '../db/client.ts';
import {
  codalInfos,
  meetingMinutes,
  monthlyPerformanceReports,
  productionCapacities,
  productReports,
} from '../db/schema/index.ts';

import { queryRows } from '../http/list.ts';

/**
 * Demo company reports (SEED=demo only; needs the portfolio first), once: nothing when product
 * reports exist. All of it is generated with a fixed seed and says so: for one listed company
 * of each of eight industries (the first by id of basic metals, metal ores, cement, chemicals,
 * rubber, tiles, pharmaceuticals, oil products), two products of that industry with product
 * reports (annual, 1402–1404), production capacities (1402–1404) and monthly performance reports
 * (1404 and the first six months of 1405); for those and the first six listed companies, Codal
 * disclosures of the usual kinds with generated tracing numbers (from 900100, unlike real ones),
 * titles marked «(نمونه نمایشی)» and no address (`url` null: no invented codal.ir pages); and
 * two minutes of meetings for six of the producers.
 */

/** Two products (name, unit) per TSETMC industry code, for one listed company of each industry. */
const PRODUCTS_BY_INDUSTRY: Record<string, [string, string][]> = {
  // A steel maker is preferred among basic metals (see the query).
  '27': [
    ['شمش فولاد', 'تن'],
    ['ورق گرم فولادی', 'تن'],
  ],
  '13': [
    ['کنسانتره سنگ آهن', 'تن'],
    ['گندله', 'تن'],
  ],
  '53': [
    ['سیمان تیپ ۲', 'تن'],
    ['کلینکر', 'تن'],
  ],
  '44': [
    ['پلی‌اتیلن سنگین', 'تن'],
    ['متانول', 'تن'],
  ],
  '25': [
    ['لاستیک سواری', 'حلقه'],
    ['لاستیک باری', 'حلقه'],
  ],
  '49': [
    ['کاشی دیواری', 'مترمربع'],
    ['کاشی کف', 'مترمربع'],
  ],
  '43': [
    ['داروی تزریقی', 'هزار ویال'],
    ['قرص', 'هزار عدد'],
  ],
  '23': [
    ['بنزین', 'هزار لیتر'],
    ['نفت گاز', 'هزار لیتر'],
  ],
};

/** Letter codes Codal uses for the kinds (ن-۳۰ monthly activity ...). */
const LETTER_CODES: Record<string, string> = {
  'گزارش فعالیت ماهانه': 'ن-۳۰',
  'اطلاعات و صورت‌های مالی میاندوره‌ای': 'ن-۱۰',
  'اطلاعات و صورت‌های مالی سالانه': 'ن-۱۰',
  'آگهی دعوت به مجمع': 'ن-۵۰',
  'تصمیمات مجمع': 'ن-۵۶',
  'پیش‌بینی درآمد هر سهم': 'ن-۲۰',
  'افشای اطلاعات بااهمیت': 'ن-۲۶',
  'زمان‌بندی پرداخت سود': 'ن-۵۷',
};

const MONTHS = [
  'فروردین',
  'اردیبهشت',
  'خرداد',
  'تیر',
  'مرداد',
  'شهریور',
  'مهر',
  'آبان',
  'آذر',
  'دی',
  'بهمن',
  'اسفند',
];
const fa = toPersianDigits;
const DEMO = '(نمونه نمایشی)';

/** A small deterministic generator (mulberry32). */
function rng(seed: number) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const iso = (y: number, m: number, d: number) => parseJalaliDate(`${y}/${m}/${d}`)!;

export async function seedCompanyReports(db: Db): Promise<void> {
  const [row] = await db.select({ n: count() }).from(productReports);
  if ((row?.n ?? 0) > 0) return;
  // The first listed company (by id) of each industry above, then the first listed ones of any.
  const producers = await queryRows<{ id: number; name: string; ticker: string | null; code: string }>(
    db,
    sql`SELECT DISTINCT ON (i.code) lp.id, lp.name, lp.ticker, i.code
        FROM legal_persons lp JOIN industries i ON i.id = lp.industry_id
        WHERE lp.is_listed AND lp.ticker IS NOT NULL AND lp.deleted_at IS NULL
          AND i.code = ANY(${sql.param(Object.keys(PRODUCTS_BY_INDUSTRY))}::text[])
        ORDER BY i.code, (i.code = '27' AND lp.name LIKE '%فولاد%') DESC, lp.id`,
  );
  const others = await queryRows<{ id: number; name: string; ticker: string | null }>(
    db,
    sql`SELECT id, name, ticker FROM legal_persons
        WHERE is_listed AND ticker IS NOT NULL AND deleted_at IS NULL ORDER BY id LIMIT 6`,
  );
  const listed = [...producers, ...others.filter((o) => !producers.some((p) => p.id === o.id))];
  if (listed.length === 0) return;
  const rand = rng(1403);
  const between = (lo: number, hi: number) => Math.round(lo + rand() * (hi - lo));

  const reports: (typeof productReports.$inferInsert)[] = [];
  const capacities: (typeof productionCapacities.$inferInsert)[] = [];
  const monthly: (typeof monthlyPerformanceReports.$inferInsert)[] = [];
  for (const c of producers) {
    for (const [product, unit] of PRODUCTS_BY_INDUSTRY[c.code]!) {
      const nominal = between(50, 900) * 1000;
      const price = between(20, 400) * 1_000_000; // IRR per unit
      for (const year of [1402, 1403, 1404]) {
        const planned = Math.round(nominal * (0.7 + rand() * 0.25));
        const produced = Math.round(planned * (0.75 + rand() * 0.35));
        const sold = Math.round(produced * (0.85 + rand() * 0.15));
        const growth = 1 + (year - 1402) * 0.35; // prices rise each year
        reports.push({
          legalPersonId: c.id,
          product,
          unit,
          fiscalYear: year,
          period: 'annual',
          planned: String(planned),
          produced: String(produced),
          sold: String(sold),
          salesValue: String(Math.round(sold * price * growth)),
        });
        capacities.push({
          legalPersonId: c.id,
          product,
          unit,
          fiscalYear: year,
          nominalCapacity: String(nominal),
          actualProduction: String(produced),
        });
      }
      for (const [year, months] of [
        [1404, 12],
        [1405, 6],
      ] as const) {
        for (let month = 1; month <= months; month++) {
          const production = Math.round((nominal / 12) * (0.7 + rand() * 0.35));
          const qty = Math.round(production * (0.8 + rand() * 0.2));
          monthly.push({
            legalPersonId: c.id,
            year,
            month,
            product,
            unit,
            production: String(production),
            salesQuantity: String(qty),
            salesValue: String(Math.round(qty * price * (1 + (year - 1402) * 0.35))),
          });
        }
      }
    }
  }

  const codal: (typeof codalInfos.$inferInsert)[] = [];
  let tracing = 900_100;
  const publish = (
    c: (typeof listed)[number],
    kind: string,
    title: string,
    y: number,
    m: number,
    d: number,
  ) => {
    tracing += between(7, 90);
    codal.push({
      legalPersonId: c.id,
      ticker: c.ticker,
      tracingNumber: String(tracing),
      letterCode: LETTER_CODES[kind] ?? null,
      kind,
      title: `${title} ${DEMO}`,
      publishedAt: new Date(
        `${iso(y, m, d)}T${String(between(8, 19)).padStart(2, '0')}:${String(between(0, 59)).padStart(2, '0')}:00+03:30`,
      ),
      url: null,
    });
  };
  for (const c of listed) {
    const t = c.ticker ?? c.name;
    for (const month of [4, 5, 6]) {
      publish(
        c,
        CODAL_KINDS[0],
        `گزارش فعالیت ماهانه دوره ۱ ماهه منتهی به ${MONTHS[month - 1]} ۱۴۰۵ — ${t}`,
        1405,
        month + 1,
        between(5, 12),
      );
    }
    publish(
      c,
      CODAL_KINDS[1],
      `اطلاعات و صورت‌های مالی میاندوره‌ای دوره ۶ ماهه منتهی به ۱۴۰۵/۰۶/۳۱ (حسابرسی نشده) — ${t}`,
      1405,
      7,
      between(20, 29),
    );
    publish(
      c,
      CODAL_KINDS[3],
      `آگهی دعوت به مجمع عمومی عادی سالیانه برای سال مالی منتهی به ۱۴۰۴/۱۲/۲۹ — ${t}`,
      1405,
      3,
      between(1, 10),
    );
    publish(
      c,
      CODAL_KINDS[4],
      `تصمیمات مجمع عمومی عادی سالیانه برای سال مالی منتهی به ۱۴۰۴/۱۲/۲۹ — ${t}`,
      1405,
      4,
      between(10, 20),
    );
    if (rand() < 0.5) publish(c, CODAL_KINDS[6], `افشای اطلاعات بااهمیت — ${t}`, 1405, 8, between(1, 20));
  }

  const minutesKinds = ['board', 'assembly', 'supervision', 'other'] as const;
  const minutes: (typeof meetingMinutes.$inferInsert)[] = producers.slice(0, 6).flatMap((c, i) => [
    {
      legalPersonId: c.id,
      meetingDate: iso(1405, 5 + (i % 3), 10 + i),
      kind: minutesKinds[i % 4],
      title: `بررسی عملکرد ${fa(6)} ماهه و برنامه تولید ${DEMO}`,
      attendees: 'رئیس هیئت مدیره، مدیرعامل، معاون مالی، نماینده سهامدار عمده',
      decisions: `۱. گزارش تولید ${fa(6)} ماهه تأیید شد.\n۲. مدیرعامل برنامه جبران عقب‌ماندگی را تا جلسه بعد ارائه کند.`,
      followUpDate: iso(1405, 8 + (i % 3), 15),
    },
    {
      legalPersonId: c.id,
      meetingDate: iso(1405, 2, 5 + i),
      kind: 'board' as const,
      title: `تصویب بودجه سال ${fa(1405)} ${DEMO}`,
      attendees: 'اعضای هیئت مدیره، حسابرس داخلی',
      decisions: '۱. بودجه سال با اصلاحات پیشنهادی تصویب شد.',
      followUpDate: null,
    },
  ]);

  await db.transaction(async (tx) => {
    await tx.insert(productReports).values(reports);
    await tx.insert(productionCapacities).values(capacities);
    await tx.insert(monthlyPerformanceReports).values(monthly);
    await tx.insert(codalInfos).values(codal);
    await tx.insert(meetingMinutes).values(minutes);
  });
}
