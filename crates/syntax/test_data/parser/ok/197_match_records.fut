-- Matching on records, with punning and explicit field patterns.
type msg = {kind: i32, payload: i32}
def handle (m: msg) : i32 =
  match m
  case {kind = 0, payload} -> payload
  case {kind = 1, payload = p} -> -p
  case {kind = _, payload = _} -> 0
def punned (r: {a: bool, b: i32}) = match r case {a, b} -> if a then b else 0
