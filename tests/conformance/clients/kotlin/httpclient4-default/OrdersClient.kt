import java.io.IOException
import org.apache.http.client.config.RequestConfig
import org.apache.http.client.methods.HttpGet
import org.apache.http.impl.client.HttpClients

val ORDERS_URL: String = System.getenv("ORDERS_URL") ?: "http://orders:8080/orders"

fun main() {
    val timeouts = RequestConfig.custom().setConnectTimeout(1000).setSocketTimeout(1000).build()
    HttpClients.custom().setDefaultRequestConfig(timeouts).build().use { client ->
        try {
            client.execute(HttpGet(ORDERS_URL)).use { response ->
                println(response.statusLine.statusCode)
            }
        } catch (error: IOException) {
            println(error.javaClass.simpleName)
        }
    }
}
