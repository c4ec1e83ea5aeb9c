-- A user-defined operator with comparison fixity returning bool.
-- ==
def (a: f32) <=> (b: f32) = f32.abs (a - b) < 1e-6
def r = 0.1 + 0.2 <=> 0.3
