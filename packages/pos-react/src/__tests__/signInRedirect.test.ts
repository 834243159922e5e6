import { describe, expect, it } from 'vitest';
import { HOME_PATH, landingAfterSignIn, rememberedOrigin } from '../app/signInRedirect';

describe('signInRedirect', () => {
  it('goes to the remembered initial URL after sign-in', () => {
    expect(landingAfterSignIn({ from: '/orders?search=INV' })).toBe('/orders?search=INV');
  });

  it('goes to /main when the remembered URL is / or /signin, or none is set', () => {
    expect(landingAfterSignIn({ from: '/' })).toBe(HOME_PATH);
    expect(landingAfterSignIn({ from: '/signin?theme=dark' })).toBe(HOME_PATH);
    expect(landingAfterSignIn(null)).toBe('/main');
    expect(landingAfterSignIn({ from: 42 })).toBe('/main');
  });

  it('reads the origin the guard left in the router state', () => {
    expect(rememberedOrigin({ from: '/payment' })).toBe('/payment');
    expect(rememberedOrigin('nonsense')).toBeUndefined();
  });
});
