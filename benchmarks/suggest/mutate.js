// The changes a page goes through between the day a locator is written and the day its test runs
// (the change-survival benchmark, benchmarks/suggest): run in a page as `(kind) => changed` with one of
//   reorder  each repeating set of siblings (same tag, classes, test id, role, child tags) in reverse order
//   insert   a new member before each set: a copy of its first member with the labels the members share
//            kept and its own texts, alts and data attributes new (a new product, a new row), without stamps
//   wrap     each member of each set wrapped in a new <div class="wrap"> (table rows and cells excepted)
//   rehash   every hashed class name (CSS modules `Name_part__hash`, `css-hash`, `sc-hash`) renamed, style
//            rules included, as a rebuild does
//   renew    every generated id (`:r1:`, `:R5m:`, `ember123`, ids with a run of 4+ digits) renewed, with
//            the `for`, `aria-labelledby`, `aria-controls` and `aria-describedby` that name it
//   all      rehash, renew, insert, reorder, wrap
// Elements keep their stamp (`vx-stamp`): the judge checks a locator still finds the same element.
// Returns how many changes were made.
(kind) => {
  const STAMP = 'vx-stamp';
  let changes = 0;
  const skipTags = new Set(['HTML', 'HEAD', 'SCRIPT', 'STYLE', 'TEMPLATE', 'NOSCRIPT', 'OPTION', 'OPTGROUP', 'SELECT']);
  // Members of a repeating set share their tag, classes, test id, role and the tags of their children.
  const signature = e => [e.localName, [...e.classList].sort().join(' '), e.getAttribute('data-testid') || '',
    e.getAttribute('role') || '', [...e.children].map(c => c.localName).join(',')].join('|');
  const roots = () => {
    const found = [document];
    for (let i = 0; i < found.length; i++)
      for (const e of found[i].querySelectorAll('*')) if (e.shadowRoot) found.push(e.shadowRoot);
    return found;
  };
  const all = () => roots().flatMap(root => [...root.querySelectorAll('*')]);
  // Moving an iframe (or what holds one) reloads its document: a change no real release makes to the frame.
  const holdsFrame = e => e.localName === 'iframe' || e.localName === 'frame' || !!e.querySelector('iframe, frame');
  const sets = () => {
    const out = [];
    for (const parent of [document.body, ...all(), ...roots().filter(r => r !== document)]) {
      if (!parent || (parent.tagName && skipTags.has(parent.tagName))) continue;
      const bySignature = new Map();
      for (const child of parent.children) {
        if (skipTags.has(child.tagName) || holdsFrame(child)) continue;
        const key = signature(child);
        if (!bySignature.has(key)) bySignature.set(key, []);
        bySignature.get(key).push(child);
      }
      for (const members of bySignature.values()) if (members.length >= 2) out.push(members);
    }
    return out;
  };
  let counter = 0;
  const fresh = () => (++counter).toString(36).padStart(5, 'q');

  function rehash() {
    const renamed = new Map();
    const hashed = /^([A-Za-z][A-Za-z0-9]*_[A-Za-z0-9]+__)[A-Za-z0-9_-]{5,}$|^(css-)[a-z0-9]{5,}$|^(sc-)[A-Za-z0-9]{5,}$/;
    for (const element of all()) {
      for (const name of [...element.classList]) {
        const match = hashed.exec(name);
        if (!match) continue;
        if (!renamed.has(name)) renamed.set(name, (match[1] || match[2] || match[3]) + 'z' + fresh() + 'x');
        element.classList.replace(name, renamed.get(name));
        changes++;
      }
    }
    for (const root of roots())
      for (const style of root.querySelectorAll('style'))
        for (const [from, to] of renamed) style.textContent = style.textContent.split('.' + from).join('.' + to);
  }

  function renew() {
    const generated = /^:[rR][0-9a-zA-Z]*:$|^ember\d+$|\d{4,}/;
    const refs = ['for', 'aria-labelledby', 'aria-controls', 'aria-describedby'];
    const renamed = new Map();
    for (const element of all()) {
      const id = element.getAttribute('id');
      if (!id || !generated.test(id)) continue;
      const next = id.startsWith(':') ? `:r${fresh()}:` : id.replace(/\d+/g, () => String(90000 + ++counter));
      renamed.set(id, next);
      element.setAttribute('id', next);
      changes++;
    }
    for (const element of all())
      for (const name of refs) {
        const value = element.getAttribute(name);
        if (value) element.setAttribute(name, value.split(/\s+/).map(v => renamed.get(v) || v).join(' '));
      }
  }

  function reorder() {
    for (const members of sets()) {
      const parent = members[0].parentNode;
      const markers = members.map(member => {
        const marker = document.createComment('slot');
        parent.replaceChild(marker, member);
        return marker;
      });
      members.reverse().forEach((member, i) => parent.replaceChild(member, markers[i]));
      changes++;
    }
  }

  function insert() {
    // A new member of the set, as a new product or row would be: the labels every member shares stay
    // ("Add to Cart", "Edit"), the content that is its own (name, price, alt) is new.
    const contentAttributes = e => [...e.attributes].map(a => a.name).filter(name =>
      ['alt', 'title', 'aria-label', 'value', 'placeholder'].includes(name) ||
      (name.startsWith('data-') && name !== STAMP && name !== 'data-testid'));
    const textsOf = element => {
      const texts = new Set();
      const walker = document.createTreeWalker(element, NodeFilter.SHOW_TEXT);
      for (let node = walker.nextNode(); node; node = walker.nextNode()) texts.add(node.nodeValue.trim());
      for (const e of [element, ...element.querySelectorAll('*')])
        for (const name of contentAttributes(e)) texts.add(e.getAttribute(name).trim());
      return texts;
    };
    for (const members of sets()) {
      const first = members[0];
      const shared = new Set();
      for (const other of members.slice(1)) for (const text of textsOf(other)) shared.add(text);
      const copy = first.cloneNode(true);
      for (const element of [copy, ...copy.querySelectorAll('*')]) {
        element.removeAttribute(STAMP);
        if (element.id) element.id = element.id + '-new';
      }
      const walker = document.createTreeWalker(copy, NodeFilter.SHOW_TEXT);
      for (let node = walker.nextNode(); node; node = walker.nextNode())
        if (node.nodeValue.trim() && !shared.has(node.nodeValue.trim())) node.nodeValue = `Lorem ${fresh()}`;
      for (const element of [copy, ...copy.querySelectorAll('*')])
        for (const name of contentAttributes(element))
          if (!shared.has(element.getAttribute(name).trim())) element.setAttribute(name, `Ipsum ${fresh()}`);
      first.parentNode.insertBefore(copy, first);
      changes++;
    }
  }

  function wrap() {
    const table = new Set(['TR', 'TD', 'TH', 'TBODY', 'THEAD', 'TFOOT', 'COLGROUP', 'COL', 'CAPTION', 'DT', 'DD', 'SUMMARY']);
    for (const members of sets()) {
      for (const member of members) {
        if (table.has(member.tagName) || member.localName === 'slot') continue;
        const wrapper = document.createElement('div');
        wrapper.className = 'wrap';
        member.parentNode.insertBefore(wrapper, member);
        wrapper.appendChild(member);
        changes++;
      }
    }
  }

  const steps = { rehash, renew, insert, reorder, wrap };
  const order = kind === 'all' ? ['rehash', 'renew', 'insert', 'reorder', 'wrap'] : [kind];
  for (const step of order) {
    if (!steps[step]) throw new Error(`unknown change ${step}`);
    steps[step]();
  }
  return changes;
}
