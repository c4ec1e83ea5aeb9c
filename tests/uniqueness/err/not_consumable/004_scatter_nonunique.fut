-- `scatter` into a non-unique parameter.
-- ==
-- error: Consuming variable "dest", which is not consumable

def main (dest: []f32) (is: []i64) (vs: []f32) : []f32 =
  scatter dest is vs
