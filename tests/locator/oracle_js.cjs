// Real Playwright (JavaScript) as the judge of TypeScript/JavaScript locators.
//
// Usage: <playwright's node> oracle_js.cjs <playwright-core package dir> < request.json > answer.json
// request: {executable, args, stamp, groups: [{url, testIdAttribute, locators: [expression]}]}
// answer:  [[{count, ids} | {error}] per locator] per group
// Each locator expression is evaluated with `page` in scope, exactly as a test would write it.
'use strict';

const fs = require('fs');
const playwright = require(process.argv[2]);

async function main() {
  const request = JSON.parse(fs.readFileSync(0, 'utf8'));
  const browser = await playwright.chromium.launch({ executablePath: request.executable, args: request.args });
  const results = [];
  try {
    for (const group of request.groups) {
      playwright.selectors.setTestIdAttribute(group.testIdAttribute);
      const page = await browser.newPage();
      await page.goto(group.url);
      for (const frame of page.frames()) await frame.evaluate(request.stamp);
      const answers = [];
      for (const expression of group.locators) {
        try {
          const locator = new Function('page', `return (${expression});`)(page);
          const count = await locator.count();
          const ids = await locator.evaluateAll(elements => elements.map(e => e.getAttribute('vx-stamp')));
          answers.push({ count, ids });
        } catch (error) {
          answers.push({ error: String((error && error.message) || error).split('\n')[0] });
        }
      }
      results.push(answers);
      await page.close();
    }
  } finally {
    await browser.close();
  }
  process.stdout.write(JSON.stringify(results));
}

main().catch(error => {
  console.error(error);
  process.exit(1);
});
