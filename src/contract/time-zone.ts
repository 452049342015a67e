/** Whether a text names a time zone this runtime knows (an IANA name such as 'Europe/Madrid',
 *  or 'UTC'): Intl refuses any other. */
export function isTimeZone(name: string): boolean {
  if (name === '' || name.length > 64) return false;
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: name });
    return true;
  } catch {
    return false;
  }
}
