// Real Playwright (JavaScript) judges the suggested locators, on each page as loaded and after each change.
//
// Usage: <playwright's node> judge.cjs <playwright-core package dir> < request.json > answer.json
// request: {executable, args, stamp, mutate, groups: [{url, testIdAttribute, change, locators: [expression]}]}
//   stamp: an expression that stamps every element of a frame with vx-stamp (done before any change);
//   mutate: a function source `(kind) => ...` run in every frame when `change` is not null.
// answer: [[{count, ids} | {error}] per locator] per group. Each expression is evaluated with `page` in
// scope, as a test writes it.
// With `twins: [{stamp, role, name}]` in a group instead of locators: whether anything but a position sets the
// element apart from the others of its role and exact name (getByRole). Each other's branch (the child of their
// lowest common ancestor on the way to it) is compared with the element's own, outerHTML without the stamps and
// with whitespace collapsed (no locator sees whitespace between tags or a run of spaces in a text: Playwright
// normalizes text, CSS ignores both); answer [{twins, identical} | {error}] per element (identical: the others
// whose branch is the same).
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
        for (const twin of group.twins || []) {
          try {
            const handles = await page.getByRole(twin.role, { name: twin.name, exact: true }).elementHandles();
            answers.push(await page.evaluate(branches, [handles, twin.stamp]));
          } catch (error) {
            answers.push({ error: String((error && error.message) || error).split('\n')[0] });
          }
        }
        for (const expression of group.locators || []) {
          try {
            const locator = new Function('page', `return (${expression});`)(page);
            const count = await locator.count();
            const ids = await locator.evaluateAll(elements => elements.slice(0, 5).map(e => e.getAttribute('vx-stamp')));
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

// Runs in the page: how many of `elements` other than the stamped one sit in a branch identical to its own.
function branches([elements, stamp]) {
  const target = elements.find(element => element.getAttribute('vx-stamp') === stamp);
  if (!target) return { error: 'the element is not among the matches of its role and name' };
  const html = node =>
    (node.outerHTML || node.textContent || '')
      .replace(/ vx-stamp="[^"]*"/g, '')
      .replace(/>\s+</g, '><')
      .replace(/\s+/g, ' ')
      .trim();
  const ancestors = new Set();
  for (let node = target; node; node = node.parentNode) ancestors.add(node);
  let identical = 0;
  for (const other of elements) {
    if (other === target || other.contains(target) || target.contains(other)) continue;
    let theirs = other;
    while (theirs.parentNode && !ancestors.has(theirs.parentNode)) theirs = theirs.parentNode;
    let ours = target;
    while (ours.parentNode && ours.parentNode !== theirs.parentNode) ours = ours.parentNode;
    // Across shadow roots there is no common parent here: count it as set apart.
    if (ours.parentNode === theirs.parentNode && html(ours) === html(theirs)) identical++;
  }
  return { twins: elements.length - 1, identical };
}

main().catch(error => {
  console.error(error);
  process.exit(1);
});
