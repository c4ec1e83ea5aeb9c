-- Record literals with explicit fields.
def point = {x = 1.0f32, y = 2.0f32}
def person = {name = "ada", age = 36i32, active = true}
def nested = {pos = {x = 0, y = 0}, vel = {x = 1, y = -1}}
def numeric_fields = {0 = 'a', 1 = 'b'}
