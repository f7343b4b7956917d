// Whether accounts may move themselves to a larger plan. No payment provider is connected, so by
// default larger plans are the operator's to grant (`npm run admin -- set-plan`); a private install
// turns self-serve upgrades on with YAMLJSON_SELF_SERVE_UPGRADES=on.
export function selfServeUpgrades(env: Record<string, string | undefined> = process.env): boolean {
  return env.YAMLJSON_SELF_SERVE_UPGRADES === 'on';
}
