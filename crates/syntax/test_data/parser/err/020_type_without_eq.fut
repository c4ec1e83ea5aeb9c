-- type declaration missing '=' before the definition
type point {x: f32, y: f32}

def after = 20
