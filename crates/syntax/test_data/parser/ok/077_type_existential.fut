-- Existentially quantified sizes.
type~ some_ints = ?[n].[n]i32
def pick_some (b: bool) : ?[m].[m]i32 = if b then [1, 2] else [3]
type~ wrapped = {payload: ?[k].[k]u8}
