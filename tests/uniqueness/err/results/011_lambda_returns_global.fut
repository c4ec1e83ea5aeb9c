-- Nor may a lambda's.
-- ==
-- error: aliases the free variable "weights"

def weights : []f32 = [0.5, 0.5]

def main : bool -> []f32 = \(b: bool) -> if b then weights else []
