import { count, sql } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { labels } from '../db/schema/index.ts';

/** The demo labels: what oversight staff mark records with. Colours pass WCAG AA with white text. */
export const DEMO_LABELS: { name: string; color: string; objectTypes: string[] }[] = [
  { name: 'پیگیری ویژه', color: '#c62828', objectTypes: ['legal_person', 'true_person', 'issue'] },
  { name: 'مشمول ماده ۱۴۱', color: '#6a1b9a', objectTypes: ['legal_person'] },
  { name: 'در فهرست واگذاری', color: '#1565c0', objectTypes: ['legal_person'] },
  { name: 'نیازمند حسابرسی ویژه', color: '#b35900', objectTypes: ['legal_person'] },
  { name: 'عضو هیئت مدیره', color: '#2e7d32', objectTypes: ['true_person'] },
  { name: 'نامزد انتصاب', color: '#00695c', objectTypes: ['true_person'] },
  { name: 'نیازمند مکاتبه', color: '#4527a0', objectTypes: ['issue'] },
  { name: 'گزارش به هیئت عامل', color: '#37474f', objectTypes: ['issue'] },
];

/**
 * Seeds the demo labels once (nothing when labels exist; needs the portfolio first) and sets a
 * few on records: «در فهرست واگذاری» on every 23rd generated company, «عضو هیئت مدیره» on the
 * first 40 true persons holding a board seat.
 */
export async function seedLabels(db: Db): Promise<void> {
  const [row] = await db.select({ n: count() }).from(labels);
  if ((row?.n ?? 0) > 0) return;
  const rows = await db.insert(labels).values(DEMO_LABELS).returning({ id: labels.id, name: labels.name });
  const id = (name: string) => rows.find((r) => r.name === name)!.id;
  await db.execute(sql`INSERT INTO entity_labels (label_id, entity_type, entity_id)
    SELECT ${id('در فهرست واگذاری')}::int, 'legal_person', lp.id FROM legal_persons lp
    WHERE lp.kind = 'company' AND lp.is_demo AND lp.id % 23 = 0`);
  await db.execute(sql`INSERT INTO entity_labels (label_id, entity_type, entity_id)
    SELECT ${id('عضو هیئت مدیره')}::int, 'true_person', s.holder_true_id
    FROM (SELECT DISTINCT holder_true_id FROM board_seats WHERE holder_true_id IS NOT NULL
          ORDER BY holder_true_id LIMIT 40) s`);
}
