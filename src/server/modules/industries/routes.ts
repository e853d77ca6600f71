import { sql } from 'drizzle-orm';
import {
  INDUSTRY_PATHS,
  type IndustryRow,
  industryCompanyEntity,
  industryCompanyPage,
  industryDetail,
  industryEntity,
  industryGraph,
  industryListQuery,
  industryPage,
  industryParams,
  industryProvinces,
  industrySummary,
  industryYearQuery,
} from '../../../contract/industries.ts';
import { todayIso } from '../../../domain/jalali.ts';
import { notFound } from '../../http/errors.ts';
import { listPage, queryRows } from '../../http/list.ts';
import { type AnyRoute, defineRoute } from '../../http/route.ts';
import { companyListSpec } from './companies.ts';
import { allFigures, industryListSpec, yearOf } from './figures.ts';
import { graphOf, industryOf, provincesOf } from './network.ts';

/**
 * The industries screens' calls (SPEC §2 /industries, status/{id}, graph/{id}; issue 17), all
 * read-only, permission `industries`. Shapes and units: contract/industries.ts. `fiscal_year`
 * (Jalali, 1300–1500; default the latest year with annual statements of any group's company) is
 * the year of the statement figures; state classes and shares are as of today (company_state_class,
 * kept by ownership/classes.ts). Bad input → 422 in Persian; an unknown group → 404 «گروه صنعت
 * یافت نشد».
 */

const permission = industryEntity.permissions.list;
const tags = ['industries'];

export const industryRoutes: AnyRoute[] = [
  /**
   * GET /api/industries/indicators?fiscal_year= (industries) — `ListPage<IndustryRow>`: every
   * TSETMC industry group with its live companies and holdings (counted by state class), the
   * state's mean and capital-weighted share, registered capital, and for the year its annual
   * statements, their loss-making and article-141 counts and the sums of revenue, net profit and
   * total assets (million IRR; null when no statement reports the item). sortBy: companies
   * (default, most first) | name | code | any count, share or sum; `q` on the name and code;
   * filters in the builder on the counts, sums, name and code. The plain `/api/industries` is the
   * pickers' list of groups (modules/reference), so this list has its own path.
   */
  defineRoute({
    method: 'get',
    path: INDUSTRY_PATHS.list,
    permission,
    summary: 'Industry groups with their companies, state share and statement figures of a year',
    tags,
    query: industryListQuery,
    response: industryPage,
    async handler({ db, query }) {
      const { fiscal_year } = await yearOf(db, query.fiscal_year);
      return listPage<IndustryRow>(db, industryListSpec(fiscal_year), query);
    },
  }),
  /**
   * GET /api/industries/indicators/summary?fiscal_year= (industries) — `IndustrySummary`: the
   * year used and the years with annual statements (newest first), the groups with at least one
   * company, the live companies and holdings filed under no group, and `all`: the list's figures
   * over every company filed under a group (so `all.companies` = Σ of the list's `companies`).
   */
  defineRoute({
    method: 'get',
    path: INDUSTRY_PATHS.summary,
    permission,
    summary: 'The industry figures over every group, and the fiscal years offered',
    tags,
    query: industryYearQuery,
    response: industrySummary,
    async handler({ db, query }) {
      const { years, fiscal_year } = await yearOf(db, query.fiscal_year);
      const [all, [counts]] = await Promise.all([
        allFigures(db, fiscal_year),
        queryRows<{ industries: number; without_industry: number }>(
          db,
          sql`SELECT count(DISTINCT lp.industry_id)::int AS industries,
                count(*) FILTER (WHERE lp.industry_id IS NULL)::int AS without_industry
              FROM legal_persons lp WHERE lp.deleted_at IS NULL AND lp.kind IN ('company', 'holding')`,
        ),
      ]);
      return { fiscal_year, years, ...counts!, all };
    },
  }),
  /**
   * GET /api/industries/:id?fiscal_year= (industries) — `IndustryDetail`: the group's row exactly
   * as the list answers it, with the year used and the years offered. 404 for an unknown group.
   */
  defineRoute({
    method: 'get',
    path: INDUSTRY_PATHS.item,
    permission,
    summary: 'One industry group with its figures',
    tags,
    params: industryParams,
    query: industryYearQuery,
    response: industryDetail,
    async handler({ db, params, query }) {
      const { years, fiscal_year } = await yearOf(db, query.fiscal_year);
      const spec = industryListSpec(fiscal_year);
      const [industry] = await queryRows<IndustryRow>(
        db,
        sql`SELECT ${spec.select} FROM ${spec.from} WHERE x.id = ${params.id}`,
      );
      if (!industry) throw notFound('گروه صنعت یافت نشد');
      return { fiscal_year, years, industry };
    },
  }),
  /**
   * GET /api/industries/:id/companies?fiscal_year= (industries) — `ListPage<IndustryCompanyRow>`:
   * the group's live companies and holdings, each with its state class and share (today), the
   * province of its registration city, registered capital (IRR) and its annual statement of the
   * year (revenue, net profit, total assets in million IRR; loss; article 141; all null without
   * one). sortBy: company (default) | state_share | province | registered_capital | a figure;
   * filters state_class, province_id, loss, article_141 and the amounts; `q` on name, ticker and
   * national id. 404 for an unknown group.
   */
  defineRoute({
    method: 'get',
    path: INDUSTRY_PATHS.companies,
    permission: industryCompanyEntity.permissions.list,
    summary: "An industry group's companies with their state share, province and statement figures",
    tags,
    params: industryParams,
    query: industryListQuery,
    response: industryCompanyPage,
    async handler({ db, params, query }) {
      await industryOf(db, params.id);
      const { fiscal_year } = await yearOf(db, query.fiscal_year);
      return listPage(db, companyListSpec(params.id, fiscal_year), query);
    },
  }),
  /**
   * GET /api/industries/:id/provinces (industries) — `IndustryProvinces`: how many of the group's
   * live companies and holdings are registered in each of the 31 provinces (with its ISO 3166-2
   * code, the map's key, and names), most first, and how many have no registration city. 404 for
   * an unknown group.
   */
  defineRoute({
    method: 'get',
    path: INDUSTRY_PATHS.provinces,
    permission,
    summary: "An industry group's companies per province (for the map)",
    tags,
    params: industryParams,
    response: industryProvinces,
    async handler({ db, params }) {
      return provincesOf(db, await industryOf(db, params.id));
    },
  }),
  /**
   * GET /api/industries/:id/graph (industries) — `IndustryGraph`: the ownership network inside
   * the group today: the direct holdings valid today between two of its live companies (fractions;
   * null when declared without a figure), largest first, at most INDUSTRY_GRAPH_EDGE_LIMIT
   * (`truncated` and `edges_total` say when more exist), the companies they join as ownership
   * nodes (state class and share, holdings inside the group in all and answered), and how many of
   * the group's companies have no holding inside it (`unlinked`). 404 for an unknown group.
   */
  defineRoute({
    method: 'get',
    path: INDUSTRY_PATHS.graph,
    permission,
    summary: 'The ownership network inside an industry group',
    tags,
    params: industryParams,
    response: industryGraph,
    async handler({ db, deps, params }) {
      return graphOf(db, await industryOf(db, params.id), todayIso(deps.now()));
    },
  }),
];
