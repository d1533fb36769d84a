import { eq } from 'drizzle-orm';
import type { Database } from './db/database';
import { newSecretToken } from './secret-tokens';
import { serverSecrets } from './server-secrets.tables';

/**
 * The installation's secret `name`: the configured value when there is one, else 256 random bits made
 * on first use and stored in `server_secrets`. The insert does nothing when another process got there
 * first, and everyone then reads the one stored value, so all processes agree.
 */
export const serverSecret = async (
  db: Database,
  name: string,
  configured: string | undefined,
): Promise<string> => {
  if (configured) return configured;
  await db.insert(serverSecrets).values({ name, value: newSecretToken() }).onConflictDoNothing();
  const [row] = await db
    .select({ value: serverSecrets.value })
    .from(serverSecrets)
    .where(eq(serverSecrets.name, name));
  return row!.value;
};
