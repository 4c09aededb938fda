// The parts of jStat (https://jstat.github.io/distributions.html) that the statistics use; jstat ships no types.
declare module 'jstat' {
  // A CommonJS module: under Node's ESM loader only its default export (module.exports) exists.
  const jstat: {
    jStat: {
      normal: { cdf(x: number, mean: number, sd: number): number };
      studentt: { cdf(x: number, dof: number): number; inv(p: number, dof: number): number };
    };
  };
  export default jstat;
}
