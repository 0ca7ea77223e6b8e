/**
 * Cycles between folders (the API's modules, the web app's features), which one dependency-cruiser
 * rule cannot express: `folderOf` names a file's folder (or nothing), and each cycle comes back with
 * one file-level import per link that makes it. Used by check-boundaries.mjs and check-web-boundaries.mjs.
 */
export function folderCycles(modules, folderOf) {
  /** folder -> the folders it imports, with one file-level import that shows it. */
  const edges = new Map();
  for (const file of modules) {
    const from = folderOf(file.source);
    if (!from) continue;
    for (const dependency of file.dependencies) {
      const to = folderOf(dependency.resolved);
      if (!to || to === from) continue;
      if (!edges.has(from)) edges.set(from, new Map());
      if (!edges.get(from).has(to)) edges.get(from).set(to, `${file.source} -> ${dependency.resolved}`);
    }
  }

  // Tarjan's strongly connected components: every component of more than one folder is a cycle.
  let index = 0;
  const stack = [];
  const state = new Map();
  const cycles = [];
  function visit(node) {
    state.set(node, { index, low: index, onStack: true });
    index += 1;
    stack.push(node);
    for (const next of edges.get(node)?.keys() ?? []) {
      if (!state.has(next)) {
        visit(next);
        state.get(node).low = Math.min(state.get(node).low, state.get(next).low);
      } else if (state.get(next).onStack) state.get(node).low = Math.min(state.get(node).low, state.get(next).index);
    }
    if (state.get(node).low === state.get(node).index) {
      const component = [];
      let member;
      do {
        member = stack.pop();
        state.get(member).onStack = false;
        component.push(member);
      } while (member !== node);
      if (component.length > 1) cycles.push(component.sort());
    }
  }
  for (const node of edges.keys()) if (!state.has(node)) visit(node);
  return {
    folders: edges.size,
    cycles: cycles.map((cycle) => ({
      members: cycle,
      links: cycle.flatMap((from) => cycle.filter((to) => edges.get(from)?.has(to)).map((to) => edges.get(from).get(to))),
    })),
  };
}
