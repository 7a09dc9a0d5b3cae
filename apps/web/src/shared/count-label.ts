/** '1 user', '2 users', '0 companies': a count with its noun, singular for exactly one. */
export function countLabel(count: number, singular: string, plural = `${singular}s`): string {
  return `${count} ${count === 1 ? singular : plural}`;
}
