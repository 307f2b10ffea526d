// The lookalike check of tests/skills/test_lookalikes.py, for TypeScript locators, in real Playwright (JavaScript).
//
// Usage: <playwright's node> lookalike.cjs <playwright-core package dir> < request.json > answer.json
// request: {executable, args, items: [{url, locator, container, texts}]}
// For each item: load url; the first element `container.filter({ hasText: texts[0] })` keeps is copied next
// to itself with every text X of `texts` turned into "X Deluxe"; answer: the locator's count() then, or {error}.
'use strict';

const fs = require('fs');
const playwright = require(process.argv[2]);

async function main() {
  const request = JSON.parse(fs.readFileSync(0, 'utf8'));
  const browser = await playwright.chromium.launch({ executablePath: request.executable, args: request.args });
  const answers = [];
  try {
    const page = await browser.newPage();
    for (const item of request.items) {
      try {
        await page.goto(item.url);
        const locate = expression => new Function('page', `return (${expression});`)(page);
        const kept = locate(`${item.container}.filter({ hasText: ${JSON.stringify(item.texts[0])} })`);
        if (!(await kept.count())) {
          answers.push({ error: 'its container part matches nothing' });
          continue;
        }
        await kept.first().evaluate((element, texts) => {
          const copy = element.cloneNode(true);
          const walker = document.createTreeWalker(copy, NodeFilter.SHOW_TEXT);
          for (let node = walker.nextNode(); node; node = walker.nextNode())
            for (const text of texts) node.nodeValue = node.nodeValue.split(text).join(text + ' Deluxe');
          element.after(copy);
        }, item.texts);
        answers.push({ count: await locate(item.locator).count() });
      } catch (error) {
        answers.push({ error: String((error && error.message) || error).split('\n')[0] });
      }
    }
  } finally {
    await browser.close();
  }
  process.stdout.write(JSON.stringify(answers));
}

main().catch(error => {
  console.error(error);
  process.exit(1);
});
