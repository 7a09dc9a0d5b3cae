// Proves the built web app is served for page routes, also a page route equal to an API prefix (/workflow), while unknown API routes keep answering the error object.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../helpers/test-app';

let t: TestApp;
let webDist: string;
beforeAll(async () => {
  webDist = mkdtempSync(path.join(tmpdir(), 'erp-web-'));
  writeFileSync(path.join(webDist, 'index.html'), '<!doctype html><title>ERP</title>');
  t = await createTestApp({ webDist });
});
afterAll(async () => {
  await t.close();
  rmSync(webDist, { recursive: true, force: true });
});

const browse = (url: string) => t.app.inject({ method: 'GET', url, headers: { accept: 'text/html,application/xhtml+xml' } });

describe('web app routes', () => {
  it('serves the app for /workflow and /workflow?id=, page routes that share the API prefix', async () => {
    for (const url of ['/workflow', '/workflow?id=70000000-0000-4000-8000-000000000001', '/workflow-task', '/journal']) {
      const res = await browse(url);
      expect(res.statusCode, url).toBe(200);
      expect(res.body, url).toContain('<title>ERP</title>');
    }
  });

  it('answers an unknown route under the API prefix with the error object, even asked for HTML', async () => {
    const res = await browse('/workflow/no-such-thing');
    expect(res.statusCode).toBe(404);
    expect(JSON.parse(res.body)).toEqual({ message: 'No such route: GET /workflow/no-such-thing', statusCode: 404, serverError: 'NotFound' });
  });
});
