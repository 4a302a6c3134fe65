@_exported import RenderPipeline
