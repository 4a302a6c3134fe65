import Preview
