-- Also for record loop parameters.
-- ==
-- error: aliases other consumed loop parameter

def main (n: i64) : {a: []i32, b: []i32} =
  loop {a = a: *[]i32, b = b: *[]i32} = {a = replicate n 0, b = replicate n 0} for i < 3 do
    {a = a, b = a}
