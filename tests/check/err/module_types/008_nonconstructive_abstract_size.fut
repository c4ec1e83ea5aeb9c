-- A type made abstract must use its size parameters as array sizes.
-- ==
-- error: size parameter\s+k\s+is not used constructively
module grid : { type cells [k] } = { type cells [k] = [k * 2]u8 }
