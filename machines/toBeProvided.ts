/**
 * A request a machine makes, left to whoever runs the machine to provide (the live machines beside the views,
 * the tests); until one is provided, asking fails with the request's name rather than waiting for ever.
 */
import { fromPromise } from 'xstate';

export const toBeProvided = <Output, Input = unknown>(name: string) =>
  fromPromise<Output, Input>(() => Promise.reject(new Error(`${name}: no request was provided`)));
