// The parts of jStat (https://jstat.github.io/distributions.html) that the statistics use; jstat ships no types.
declare module 'jstat' {
  export const jStat: {
    normal: { cdf(x: number, mean: number, sd: number): number };
    studentt: { cdf(x: number, dof: number): number; inv(p: number, dof: number): number };
  };
}
