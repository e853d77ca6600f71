import { buildTemplate, dropTemplate } from './template-db.ts';

export async function setup() {
  await buildTemplate();
}

export async function teardown() {
  await dropTemplate();
}
