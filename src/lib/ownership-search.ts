import { z } from 'zod';

/**
 * The URL of the ownership screens (the shareholder view, the two graphs): `as_of`, the ISO day
 * the figures are computed for (today when absent), and `threshold`, the control threshold in
 * whole percent (50 when absent). A malformed value is dropped, so a stale link still opens.
 */
export const ownershipSearch = z.object({
  as_of: z
    .string()
    .regex(/^\d{4}-\d{2}-\d{2}$/)
    .optional()
    .catch(undefined),
  threshold: z.coerce.number().int().min(1).max(99).optional().catch(undefined),
});
export type OwnershipSearch = z.infer<typeof ownershipSearch>;

/** The API's query of the URL: `as_of` as it is, the threshold as a fraction. */
export const ownershipApiQuery = (s: OwnershipSearch) => ({
  as_of: s.as_of,
  threshold: s.threshold === undefined ? undefined : s.threshold / 100,
});
