import type { Scenario } from './server';

/**
 * Changes what a running fake upstream answers (`POST /control`, see Scenario in server.ts); null
 * resets it to the scenario it started with. For the fake in another process: e2e and benchmarks.
 */
export async function controlFakeLlm(port: number, scenario: Partial<Scenario> | null): Promise<void> {
  const res = await fetch(`http://127.0.0.1:${port}/control`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: scenario ? JSON.stringify(scenario) : '',
  });
  if (!res.ok) throw new Error(`fake-llm control failed: ${res.status}`);
}

/** The chat-completions request bodies a running fake upstream received since its last reset, newest last. */
export async function fakeLlmRequests(port: number): Promise<Array<Record<string, unknown>>> {
  const res = await fetch(`http://127.0.0.1:${port}/requests`);
  if (!res.ok) throw new Error(`fake-llm requests failed: ${res.status}`);
  return (await res.json()) as Array<Record<string, unknown>>;
}
