-- Inside `M.(e)`, a name the module defines means the module's member,
-- even when it is the name of the definition being defined.
-- ==
module text = {
  def size (s: []u8) : i64 = length s
}

def size (s: []u8) : i32 = i32.i64 (text.(size s))
