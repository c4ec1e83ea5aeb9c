-- a one-element tuple with a trailing comma is not valid syntax
def single = (1,)

def after = 52
