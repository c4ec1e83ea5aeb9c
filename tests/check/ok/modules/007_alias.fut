-- Binding another name to an existing module.
-- ==
module long_module_name = {
  def x = 5u8
}
module L = long_module_name
def y = L.x + 1
