-- A record field aliases the array put there.
-- ==
-- error: Using variable "data", but this was consumed

def main (data: *[]i32) : i32 =
  let r = {values = data, count = 3i32}
  let data[0] = 2
  in r.values[0] + r.count
