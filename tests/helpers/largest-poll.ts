/**
 * The largest poll there is (100 questions × 50 options, texts at their maximum: ~800 KB each
 * time it is read), made through the API at `apiUrl` (…/api/v1): what the suites on unread
 * responses make a server send again and again.
 */
export async function createLargestPoll(apiUrl: string): Promise<{ slug: string; secret: string }> {
  const created = await fetch(`${apiUrl}/polls`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ title: 'Grande' }),
  });
  const big = (await created.json()) as { slug: string; host_secret: string };
  for (let q = 0; q < 100; q++) {
    await fetch(`${apiUrl}/polls/${big.slug}/questions`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-host-secret': big.host_secret },
      body: JSON.stringify({
        text: `Pregunta ${q} ${'x'.repeat(220)}`,
        type: 'multiple',
        options: Array.from({ length: 50 }, (_, o) => ({ text: `Opción ${o} ${'y'.repeat(105)}` })),
      }),
    });
  }
  return { slug: big.slug, secret: big.host_secret };
}
