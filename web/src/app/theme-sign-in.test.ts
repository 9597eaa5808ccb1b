import { describe, expect, it } from 'vitest';
import { system } from './theme';
import { SIGN_IN_RECIPES, signInSystem } from './theme-sign-in';

// The sign-in screen renders with a smaller system than the console (theme-store.ts switches to the
// full one with the shell): what it shows must look the same under either.
describe('sign-in system', () => {
  it('has the full system’s tokens, CSS variables and global CSS', () => {
    expect(signInSystem.tokens.allTokens).toEqual(system.tokens.allTokens);
    expect(signInSystem._global).toEqual(system._global);
    expect(signInSystem.breakpoints.keys()).toEqual(system.breakpoints.keys());
  });

  it('has the recipes of the screens before the shell, as the full system has them', () => {
    for (const key of SIGN_IN_RECIPES) {
      const recipe = signInSystem.isSlotRecipe(key) ? signInSystem.getSlotRecipe(key) : signInSystem.getRecipe(key);
      expect(recipe, key).toBeDefined();
      expect(recipe, key).toEqual(system.isSlotRecipe(key) ? system.getSlotRecipe(key) : system.getRecipe(key));
    }
  });

  it('leaves the other recipes to the full system', () => {
    expect(signInSystem.getSlotRecipe('dialog')).toBeUndefined();
    expect(system.getSlotRecipe('dialog')).toBeDefined();
  });
});
