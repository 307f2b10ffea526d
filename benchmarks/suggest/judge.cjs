// Real Playwright (JavaScript) judges the suggested locators, on each page as loaded and after each change.
//
// Usage: <playwright's node> judge.cjs <playwright-core package dir> < request.json > answer.json
// request: {executable, args, stamp, mutate, groups: [{url, testIdAttribute, change, locators: [expression]}]}
//   stamp: an expression that stamps every element of a frame with data-vx-i (done before any change);
//   mutate: a function source `(kind) => ...` run in every frame when `change` is not null.
// answer: [[{count, ids} | {error}] per locator] per group. Each expression is evaluated with `page` in
// scope, as a test writes it.
'use strict';

const fs = require('fs');
const playwright = require(process.argv[2]);

async function main() {
  const request = JSON.parse(fs.readFileSync(0, 'utf8'));
  const browser = await playwright.chromium.launch({ executablePath: request.executable, args: request.args });
  const results = [];
  try {
    for (const group of request.groups) {
      playwright.selectors.setTestIdAttribute(group.testIdAttribute || 'data-testid');
      const page = await browser.newPage({ viewport: { width: 1280, height: 720 } });
      const answers = [];
      try {
        await page.goto(group.url, { waitUntil: 'load', timeout: 60000 });
        for (const frame of page.frames()) await frame.evaluate(request.stamp).catch(() => 0);
        if (group.change) {
          for (const frame of page.frames())
            await frame.evaluate(`(${request.mutate})(${JSON.stringify(group.change)})`).catch(() => 0);
        }
        for (const expression of group.locators) {
          try {
            const locator = new Function('page', `return (${expression});`)(page);
            const count = await locator.count();
            const ids = await locator.evaluateAll(elements => elements.slice(0, 5).map(e => e.getAttribute('data-vx-i')));
            answers.push({ count, ids });
          } catch (error) {
            answers.push({ error: String((error && error.message) || error).split('\n')[0] });
          }
        }
      } catch (error) {
        const message = String((error && error.message) || error).split('\n')[0];
        while (answers.length < group.locators.length) answers.push({ error: message });
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
