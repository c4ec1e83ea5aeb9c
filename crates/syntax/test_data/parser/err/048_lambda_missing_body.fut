-- lambda with '->' but no body
def f (xs: []i32) = map (\x ->) xs

def after = 48
