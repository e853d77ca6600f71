import { registerPersonEntityActions } from './entity-actions.ts';

/** What the persons feature adds to shared places: a company's and a person's actions in the palette. */
registerPersonEntityActions();
