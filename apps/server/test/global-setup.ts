import { rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import type { TestProject } from 'vitest/node';
import { openPostgres, pgliteExtensions, pgliteHandle } from '../src/platform/db/database';
import { engineOf, onServer, postgresUrl, withDatabaseName } from './database';

declare module 'vitest' {
  export interface ProvidedContext {
    /** PGlite: the file holding a dump of the migrated database. PostgreSQL: the template database's name. */
    testDatabaseSource: string;
  }
}

/** Migrates once per run; each test file then starts from a copy (see database.ts). */
export default async function setup(project: TestProject) {
  // The project's `test.env` reaches test workers only; here it is read from the project's config.
  if (engineOf(project.config.env) === 'pglite') {
    const lite = await PGlite.create({ extensions: pgliteExtensions });
    await pgliteHandle(lite).migrate();
    const dump = await lite.dumpDataDir('none');
    await lite.close();
    const file = path.join(tmpdir(), `avlu-test-${process.pid}.tar`);
    await writeFile(file, Buffer.from(await dump.arrayBuffer()));
    project.provide('testDatabaseSource', file);
    return () => rm(file, { force: true });
  }
  const template = `avlu_test_template_${process.pid}`;
  await onServer(`drop database if exists ${template}`);
  await onServer(`create database ${template}`);
  const handle = await openPostgres(withDatabaseName(postgresUrl(), template));
  await handle.migrate();
  await handle.close();
  project.provide('testDatabaseSource', template);
  return () => onServer(`drop database if exists ${template} with (force)`);
}
