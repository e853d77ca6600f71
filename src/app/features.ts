/**
 * The features that add to shared places (record sections, palette actions), each by its
 * `register.ts`. Loaded once at start, before the first screen; a register module holds only
 * declarations and lazy imports, so the screens' code still loads with their routes. A feature
 * never imports another: this list is where they meet.
 */
import '~/features/board-ownership/register.ts';
import '~/features/branches/register.ts';
import '~/features/contacts/register.ts';
import '~/features/documents/register.ts';
import '~/features/issues/register.ts';
import '~/features/performance/register.ts';
import '~/features/persons/register.ts';
