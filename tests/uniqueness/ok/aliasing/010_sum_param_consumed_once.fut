-- A unique sum-typed parameter consumed once, in a function returning
-- a unique array.
-- ==

type slot = #used ([4]u8) | #free

def clear (s: *slot) : *[4]u8 =
  match s
  case #used bytes -> bytes with [0] = 0
  case #free -> replicate 4 0

def main (s: *slot) : [4]u8 = clear s
