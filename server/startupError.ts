/** A reason the server cannot start, said in one line that names what is wrong and what to do. */
export class StartupError extends Error {
  override readonly name = 'StartupError';
}
