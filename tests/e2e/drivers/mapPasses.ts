/**
 * What the map asks WebGL to draw, counted by the kind of program each draw call uses: watched from before the
 * page's first script (an init script wraps WebGL2's calls), read back at any time.
 *
 * A program is known by what its vertex shader takes: MapLibre's sky and its globe's atmosphere are the programs
 * that take the inverse of the projection (`u_inv_proj_matrix`), to find each pixel's ray into the sky; nothing
 * else the map draws does.
 */
import type { Page } from 'playwright-core';

export interface MapPasses {
  /** Draw calls in all. */
  draws: number;
  /** Draw calls of a full-screen sky or atmosphere pass. */
  skyDraws: number;
}

declare global {
  interface Window {
    __mapPasses?: MapPasses;
  }
}

function watch(): void {
  const passes: MapPasses = { draws: 0, skyDraws: 0 };
  window.__mapPasses = passes;
  const sources = new WeakMap<WebGLShader, string>();
  const sky = new WeakSet<WebGLProgram>();
  let current: WebGLProgram | null = null;
  const gl = WebGL2RenderingContext.prototype;
  const { shaderSource, attachShader, useProgram } = gl;
  gl.shaderSource = function (shader, source) {
    sources.set(shader, source);
    shaderSource.call(this, shader, source);
  };
  gl.attachShader = function (program, shader) {
    if (sources.get(shader)?.includes('u_inv_proj_matrix')) sky.add(program);
    attachShader.call(this, program, shader);
  };
  gl.useProgram = function (program) {
    current = program;
    useProgram.call(this, program);
  };
  for (const name of ['drawElements', 'drawArrays', 'drawElementsInstanced', 'drawArraysInstanced'] as const) {
    const draw = gl[name] as (...args: unknown[]) => void;
    (gl as unknown as Record<string, unknown>)[name] = function (this: WebGL2RenderingContext, ...args: unknown[]) {
      passes.draws++;
      if (current && sky.has(current)) passes.skyDraws++;
      draw.apply(this, args);
    };
  }
}

/** Starts counting before the page's first script; call before the page opens. */
export async function watchMapPasses(page: Page): Promise<void> {
  await page.addInitScript(watch);
}

export async function mapPasses(page: Page): Promise<MapPasses> {
  return page.evaluate(() => window.__mapPasses ?? { draws: 0, skyDraws: 0 });
}
