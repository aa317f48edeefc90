// Screenshots of the built page for a person to look at: every sample at a laptop and a phone size.
// Usage: node scripts/shoot.mjs [outDir] [sample or path/to/file...]   (expects `vite preview` on port 4317)
import { chromium } from 'playwright-core';
import { existsSync, mkdirSync, readFileSync } from 'node:fs';

const out = process.argv[2] ?? 'dist/shots';
const only = process.argv.slice(3);
mkdirSync(out, { recursive: true });
const browser = await chromium.launch({
  ...(existsSync('/usr/bin/chromium') ? { executablePath: '/usr/bin/chromium' } : {}),
  args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run', '--disable-quic'],
});
const samples = JSON.parse(readFileSync('public/samples/index.json', 'utf8')).map((s) => s.file);
const sizes = [
  { name: 'wide', width: 1440, height: 900 },
  { name: 'narrow', width: 390, height: 844 },
];
for (const size of sizes) {
  const page = await browser.newPage({ viewport: { width: size.width, height: size.height }, colorScheme: process.env.DARK ? 'dark' : 'light' });
  page.on('console', (m) => m.type() === 'error' && console.log('console error:', m.text()));
  page.on('pageerror', (e) => console.log('page error:', e.message));
  await page.goto('http://127.0.0.1:4317/');
  await page.waitForTimeout(300);
  await page.screenshot({ path: `${out}/empty-${size.name}.png`, fullPage: true });
  for (const file of only.length ? only : samples) {
    // A path to a local file opens through the picker; a bare name is a bundled sample.
    if (file.includes('/')) {
      await page.goto('http://127.0.0.1:4317/');
      await page.getByLabel('Open files').setInputFiles(file);
    } else await page.goto(`http://127.0.0.1:4317/?sample=${file}`);
    await page.waitForSelector('.workspace', { timeout: 10000 });
    await page.waitForTimeout(300);
    await page.screenshot({ path: `${out}/${file.replace(/\W+/g, '_')}-${size.name}.png`, fullPage: true });
  }
  await page.close();
}
await browser.close();
