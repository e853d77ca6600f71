import { count, sql } from 'drizzle-orm';
import {
  applyIssueMove,
  type IssueStatusContext,
  type IssueStatusEvent,
  initialIssueStatus,
} from '../../domain/issues/issue-status.ts';
import { isoOfDate, tehranTimestamp } from '../../domain/jalali.ts';
import { createRng } from '../../domain/random.ts';
import type { Db } from '../db/client.ts';
import { issues } from '../db/schema/index.ts';
import { queryRows } from '../http/list.ts';
import { registerLetter } from '../modules/issues/letters.ts';

/** What the demo's issues are about, by issue type (the migration's list, in its order). */
const TITLES = [
  (y: number) => `عدم ارسال صورت‌های مالی حسابرسی‌شدهٔ سال ${y}`,
  () => 'مغایرت فهرست سهامداران با اطلاعات ثبتی',
  () => 'تکمیل نبودن ترکیب هیئت مدیره',
  (y: number) => `برگزار نشدن مجمع عمومی عادی سالانهٔ ${y}`,
  () => 'بند شرط گزارش حسابرس دربارهٔ موجودی‌ها',
  () => 'زیان انباشته بیش از نصف سرمایه (ماده ۱۴۱)',
  () => 'درخواست اطلاعات تکمیلی',
];

/** The moves that bring a demo issue to its status (reasons, days and originals filled in below). */
const PATHS: { weight: number; moves: IssueStatusEvent['type'][] }[] = [
  { weight: 40, moves: [] },
  { weight: 20, moves: ['ACCEPT'] },
  { weight: 15, moves: ['ACCEPT', 'START'] },
  { weight: 8, moves: ['ACCEPT', 'START', 'RESOLVE'] },
  { weight: 5, moves: ['ACCEPT', 'RESOLVE', 'CLOSE'] },
  { weight: 5, moves: ['DECLINE'] },
  { weight: 4, moves: ['SNOOZE'] },
  { weight: 3, moves: ['MARK_DUPLICATE'] },
];

/**
 * The demo's issues (issue 18): 240 issues about generated companies, raised by the auditor over
 * the last 120 days, of every type and priority, brought to their statuses through the status
 * statechart (so each is a state it could reach), about half assigned to the auditor or the
 * analyst, and a quarter with one to three letters numbered as the product numbers them. Once:
 * nothing when issues exist. Needs the portfolio and the accounts first.
 */
export async function seedIssues(db: Db, now = new Date()): Promise<void> {
  const [row] = await db.select({ n: count() }).from(issues);
  if ((row?.n ?? 0) > 0) return;
  const rng = createRng(18);
  const companies = await queryRows<{ id: number; name: string }>(
    db,
    sql`SELECT id, name FROM legal_persons WHERE kind = 'company' AND deleted_at IS NULL ORDER BY id LIMIT 400`,
  );
  const types = await queryRows<{ id: number }>(db, sql`SELECT id FROM issue_types ORDER BY sort, id`);
  const staff = await queryRows<{ id: number; username: string }>(
    db,
    sql`SELECT id, username FROM users WHERE username IN ('auditor', 'analyst') ORDER BY username`,
  );
  const auditor = staff.find((u) => u.username === 'auditor')?.id ?? null;
  if (!companies.length || !types.length) return;
  const at = tehranTimestamp(now);
  const today = at.slice(0, 10);
  const total = PATHS.reduce((s, p) => s + p.weight, 0);
  const ids: number[] = [];
  for (let i = 0; i < 240; i++) {
    const company = companies[rng.int(0, companies.length - 1)]!;
    const t = rng.int(0, types.length - 1);
    const year = 1400 + rng.int(0, 4);
    const pick = rng.int(1, total);
    let upTo = 0;
    const path = PATHS.find((p) => {
      upTo += p.weight;
      return pick <= upTo;
    })!;
    let status: IssueStatusContext = initialIssueStatus(ids.length + 1);
    for (const type of path.moves) {
      if (type === 'MARK_DUPLICATE' && !ids.length) break;
      const event = {
        type,
        by: auditor ?? 1,
        at,
        reason: 'خارج از حوزهٔ نظارت سازمان',
        until: isoOfDate(new Date(now.getTime() + rng.int(3, 40) * 86_400_000)),
        of: ids.length ? ids[rng.int(0, ids.length - 1)] : undefined,
      } as IssueStatusEvent;
      const moved = applyIssueMove(status, event);
      if (moved.ok) status = moved.context;
    }
    const created = new Date(now.getTime() - rng.int(1, 120) * 86_400_000 - rng.int(0, 86_399) * 1000);
    const assigned = status.state !== 'new' || rng.next() < 0.2;
    const [inserted] = await db
      .insert(issues)
      .values({
        objectType: 'legal_person',
        objectId: company.id,
        issueTypeId: types[t]!.id,
        title: (TITLES[t] ?? TITLES[TITLES.length - 1]!)(year),
        description:
          rng.next() < 0.6 ? `شرکت ${company.name} تا کنون پاسخی نداده است.\nپیگیری با نامهٔ رسمی.` : null,
        priority: rng.int(1, 4),
        status: status.state,
        duplicateOf: status.duplicateOf,
        declineReason: status.declineReason,
        snoozedUntil: status.snoozedUntil,
        snoozedFrom: status.snoozedFrom,
        assigneeId: assigned ? (staff[rng.int(0, staff.length - 1)]?.id ?? null) : null,
        dueDate: rng.next() < 0.5 ? isoOfDate(new Date(now.getTime() + rng.int(-20, 60) * 86_400_000)) : null,
        createdBy: auditor,
        createdAt: created,
        updatedAt: created,
      })
      .returning({ id: issues.id });
    ids.push(inserted!.id);
    if (rng.next() < 0.25)
      for (let k = rng.int(1, 3); k > 0; k--) {
        const out = rng.next() < 0.6;
        await registerLetter(
          db,
          {
            issueId: inserted!.id,
            direction: out ? 'out' : 'in',
            letterDate: isoOfDate(new Date(created.getTime() + rng.int(0, 20) * 86_400_000)),
            sender: out ? 'سازمان نظارت' : company.name,
            recipient: out ? company.name : 'سازمان نظارت',
            subject: out ? 'درخواست ارسال مدارک' : 'پاسخ به نامهٔ سازمان',
            body: out
              ? 'با سلام، خواهشمند است مدارک خواسته‌شده را ارسال فرمایید.'
              : 'با سلام، مدارک پیوست است.',
            createdBy: auditor,
          },
          today,
        );
      }
  }
}
