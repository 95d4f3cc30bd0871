/**
 * Eigenvalues and eigenvectors of a small symmetric matrix by cyclic Jacobi rotations: CMA-ES
 * needs them to sample from and to whiten with its covariance. A tuner has a few dozen
 * parameters at most, where Jacobi is simple, exact to rounding, and fast enough.
 */

/** A symmetric matrix `C = B diag(values) Bᵀ`: `vectors[i][k]` is row i of B (column k an eigenvector). */
export interface Eigen {
  readonly values: number[];
  readonly vectors: number[][];
}

/** Sweeps after which Jacobi has converged for any matrix this size (a handful is typical). */
const MAX_SWEEPS = 100;

/** The eigen decomposition of symmetric `matrix` (only its upper triangle is read). */
export function symmetricEigen(matrix: readonly (readonly number[])[]): Eigen {
  const n = matrix.length;
  const a = matrix.map((row, i) => row.map((_, j) => (j >= i ? matrix[i][j] : matrix[j][i])));
  const v = a.map((row, i) => row.map((_, j) => (i === j ? 1 : 0)));
  for (let sweep = 0; sweep < MAX_SWEEPS && offDiagonal(a) > 0; sweep++)
    for (let p = 0; p < n - 1; p++) for (let q = p + 1; q < n; q++) rotate(a, v, p, q);
  return { values: a.map((row, i) => row[i]), vectors: v };
}

/** The sum of squares above the diagonal (zero once diagonal to rounding). */
function offDiagonal(a: readonly number[][]): number {
  let sum = 0;
  for (let p = 0; p < a.length; p++) for (let q = p + 1; q < a.length; q++) sum += a[p][q] * a[p][q];
  const scale = a.reduce((s, row, i) => s + row[i] * row[i], 0);
  return sum <= 1e-30 * scale ? 0 : sum;
}

/** One Jacobi rotation zeroing a[p][q], accumulated into the eigenvectors. */
function rotate(a: number[][], v: number[][], p: number, q: number): void {
  const apq = a[p][q];
  if (apq === 0) return;
  const theta = (a[q][q] - a[p][p]) / (2 * apq);
  const t = Math.sign(theta || 1) / (Math.abs(theta) + Math.sqrt(theta * theta + 1));
  const c = 1 / Math.sqrt(t * t + 1);
  const s = t * c;
  for (let k = 0; k < a.length; k++) {
    const akp = a[k][p];
    const akq = a[k][q];
    a[k][p] = c * akp - s * akq;
    a[k][q] = s * akp + c * akq;
  }
  for (let k = 0; k < a.length; k++) {
    const apk = a[p][k];
    const aqk = a[q][k];
    a[p][k] = c * apk - s * aqk;
    a[q][k] = s * apk + c * aqk;
  }
  for (let k = 0; k < v.length; k++) {
    const vkp = v[k][p];
    const vkq = v[k][q];
    v[k][p] = c * vkp - s * vkq;
    v[k][q] = s * vkp + c * vkq;
  }
}
