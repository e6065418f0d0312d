// Translation files imported in parts (web/vite.config.ts splits them); the content is the same nested table.
declare module '*.json?part=core' {
  const table: Record<string, unknown>;
  export default table;
}
declare module '*.json?part=areas' {
  const table: Record<string, unknown>;
  export default table;
}
